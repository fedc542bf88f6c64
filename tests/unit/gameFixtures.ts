import type { GameEntry } from '../../src/contract/games';

/** A lobby game for the play tests: a seamless slot, Lucky Sampaguita (gameId 101), with `over` on top. */
export function gameEntry(over: Partial<GameEntry> = {}): GameEntry {
  return {
    gameId: 101,
    gameCode: 'sim_slot_lucky_sampaguita',
    gameName: 'Lucky Sampaguita',
    platformCode: 'SIMSLOTS',
    kind: 'slot',
    category: 5,
    gameType: 'SLOT',
    engine: 'slot',
    rtpBps: 9600,
    thumbnail: '/static/games/thumbs/101.svg',
    tags: [],
    trial: true,
    minBet: 100,
    maxBet: 500_000,
    rank: 1,
    ...over,
  };
}
