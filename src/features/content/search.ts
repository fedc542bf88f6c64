import { NEWS_ID } from '../../contract/news';
import { type SearchOutput, searchObject, searchWhere } from '../../lib/search';

/** /detailsPage?id=…: the news article to show. */
export const articleSearch = searchObject({ id: searchWhere((value: string) => NEWS_ID.test(value)) });
export type ArticleSearch = SearchOutput<typeof articleSearch>;
