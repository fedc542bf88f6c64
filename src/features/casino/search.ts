import { type SearchField, searchObject, searchOneOf, searchText, searchWhere, type SearchOutput } from '../../lib/search';
import { GAME_RECORD_PERIODS, type GameRecordPeriod } from './rules';

/**
 * A game id as text ('123'): from the address, or a number a link hands over (the lobby's tiles link
 * with `{ gameId: 123 }`); anything else reads as absent.
 */
const gameIdText: SearchField<string> = (value) => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,9}$/.test(text) ? text : undefined;
};

/**
 * /game, /newGame, /newGameV2, /ingame, /ingameV2, /glifeingame, /testgame, /trial:
 * ?gameId=…[&platformCode=…], or the launch's own names of spec §7 ?platformCode=…&gameCode=… (a link
 * from a partner or a promotion); /ingame?…&via=transfer once the player came through /InGameTransfer.
 */
export const gameSearch = searchObject({
  gameId: gameIdText,
  platformCode: searchText,
  gameCode: searchWhere((value) => value.length <= 100),
  via: searchOneOf(['transfer']),
});
export type GameSearch = SearchOutput<typeof gameSearch>;

/** /InGameTransfer?platformCode=…&gameId=… */
export const transferSearch = searchObject({ platformCode: searchText, gameId: gameIdText });
export type TransferSearch = SearchOutput<typeof transferSearch>;

/** /gameRecordDetail?roundId=… */
export const roundSearch = searchObject({ roundId: searchWhere((value) => value.length <= 100) });
export type RoundSearch = SearchOutput<typeof roundSearch>;

/** The games tab of /record: ?period=…&category=… */
const PERIODS = Object.keys(GAME_RECORD_PERIODS) as [GameRecordPeriod, ...GameRecordPeriod[]];
export const gameRecordSearch = {
  period: searchOneOf(PERIODS),
  category: searchWhere((value) => /^\d{1,3}$/.test(value)),
};
export interface GameRecordSearch {
  period?: GameRecordPeriod | undefined;
  category?: string | undefined;
}

/** The number of a game id the search let through (undefined when absent). */
export function gameIdOf(gameId: string | undefined): number | undefined {
  return gameId ? Number(gameId) : undefined;
}
