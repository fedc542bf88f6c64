import { type SearchOutput, searchObject, searchWhere } from '../../lib/search';

/** /campaign/masskara?edition=…: an edition of the campaign (absent: the current one). */
export const masskaraSearch = searchObject({ edition: searchWhere((value) => /^[a-z0-9-]{3,40}$/.test(value)) });
export type MasskaraSearch = SearchOutput<typeof masskaraSearch>;
