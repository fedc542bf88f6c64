import { searchAppPath, searchObject, searchText, type SearchOutput } from '../../lib/search';

/** /login?redirect=…: where to come back to after logging in (a path in this app). */
export const loginSearch = searchObject({ redirect: searchAppPath });
export type LoginSearch = SearchOutput<typeof loginSearch>;

/** /googleloginredirect?code=…&state=…&iss=… (or error=access_denied): the provider's answer (issue 36). */
export const socialCallbackSearch = searchObject({ code: searchText, state: searchText, iss: searchText, error: searchText });
export type SocialCallbackSearch = SearchOutput<typeof socialCallbackSearch>;
