import { searchObject, searchText } from '../../lib/search';

/** /search?q=…: the query to start with (a link from elsewhere may carry one). */
export const gameSearch = searchObject({ q: searchText });
