import { searchAppPath, searchObject, type SearchOutput } from '../../lib/search';

/** /login?redirect=…: where to come back to after logging in (a path in this app). */
export const loginSearch = searchObject({ redirect: searchAppPath });
export type LoginSearch = SearchOutput<typeof loginSearch>;
