import { LIST_MODES } from '../../contract/feed';
import { searchObject, searchOneOf, searchText, type SearchOutput } from '../../lib/search';

/** The sports the sport tabs offer, in the order of spec §3's ids that the feed covers. */
export const SPORTS = ['1', '2', '43', '5', '6', '9', '4', '8', '16', '18'] as const;

/**
 * /sports?mode=…&sportId=…&dateId=… (spec §2). Absent values are the page's defaults (live, football);
 * the date is checked against the coming days by the page, which knows today.
 */
export const sportsSearch = searchObject({ mode: searchOneOf(LIST_MODES), sportId: searchOneOf(SPORTS), dateId: searchText });
export type SportsSearch = SearchOutput<typeof sportsSearch>;

/** /liveSportGameV3?matchId=…: the match (its tabs are child routes and keep the parameter). */
export const liveMatchSearch = searchObject({ matchId: searchText });
export type LiveMatchSearch = SearchOutput<typeof liveMatchSearch>;
