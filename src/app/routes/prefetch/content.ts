import { queryClient } from '../../../api/instance';
import { FAQ_ARTICLES, type FaqArticle } from '../../../contract/faq/types';
import { docQuery, docsQuery } from '../../../features/content/docs';
import { LEGAL_DOCS } from '../../../features/content/docs/types';
import { i18next } from '../../../i18n';

/** Whether an FAQ article's slug is one the FAQ has. */
const isFaqArticle = (article: string): article is FaqArticle => (FAQ_ARTICLES as readonly string[]).includes(article);
import { routeData } from '../route';
import { CONTENT_ROUTES } from '../owners/content';

/**
 * What the loaders of features/content's routes use (routes/owners/content.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, i18next, docQuery, docsQuery, LEGAL_DOCS, FAQ_ARTICLES, isFaqArticle };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(CONTENT_ROUTES, kit);
