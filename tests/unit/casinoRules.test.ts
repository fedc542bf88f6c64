import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import type { GameEntry, GamePlatform } from '../../src/contract/games';
import {
  bingoRooms,
  callbackPathOf,
  formatPlayed,
  formatRtp,
  gameRecordWindow,
  launchBody,
  launchProblemOf,
  readFrameMessage,
  remindEveryMinutes,
  seedMatchesHash,
  sha256Hex,
  transferPresets,
} from '../../src/features/casino/rules';
import { gameSearch } from '../../src/features/casino/search';
import { gameEntry } from './gameFixtures';

/** The pure rules of the play pages (src/features/casino/rules.ts). */

const slot = gameEntry({ rank: 2 });
const seamless: GamePlatform = { platformCode: 'SIMSLOTS', name: 'Sim Slots', wallet: 'seamless', maintenance: false };
const transfer: GamePlatform = { platformCode: 'SIMTRANSFER', name: 'Sim Transfer', wallet: 'transfer', maintenance: false };

describe('the game card', () => {
  it('states the RTP with two decimals', () => {
    expect(formatRtp(9600)).toBe('96.00 %');
    expect(formatRtp(9725)).toBe('97.25 %');
  });
});

describe('the launch call', () => {
  it("sends the spec's fields from the catalogue entry, with the lobby of the game's kind to come back to", () => {
    expect(launchBody(slot, seamless, 'cn', 'panalo.ph')).toEqual({
      gameId: 101,
      gameCode: 'sim_slot_lucky_sampaguita',
      platformCode: 'SIMSLOTS',
      gameName: 'Lucky Sampaguita',
      gameType: 'SLOT',
      callbackPath: '/games/slot',
      domainName: 'panalo.ph',
      lang: 'cn',
      isWithTransfer: false,
      platformCurrency: 'PHP',
    });
    expect(launchBody({ ...slot, platformCode: 'SIMTRANSFER' }, transfer, 'en', 'x').isWithTransfer).toBe(true);
  });

  it('brings bingo back to the bingo rooms', () => {
    expect(callbackPathOf({ kind: 'bingo' })).toBe('/bingo_gamezone');
    expect(callbackPathOf({ kind: 'fishing' })).toBe('/games/fishing');
  });

  it('tells each failure its own way', () => {
    const server = (code: string) => new ApiError('server', code, 'refused', false);
    expect(launchProblemOf(server('GW_800481'))).toBe('maintenance');
    expect(launchProblemOf(server('GW_800482'))).toBe('providerDown');
    expect(launchProblemOf(server('GW_510520'))).toBe('tableFull');
    expect(launchProblemOf(server('GW_800480'))).toBe('notFound');
    expect(launchProblemOf(server('GW_800483'))).toBe('trialUnavailable');
    expect(launchProblemOf(server('GW_800460'))).toBe('kyc');
    expect(launchProblemOf(server('GW_899999'))).toBe('other');
    expect(launchProblemOf(new ApiError('network', 'network', 'down', true))).toBe('offline');
  });
});

describe("the frame's messages", () => {
  it('knows close and balance, and nothing else', () => {
    expect(readFrameMessage({ type: 'panalo:close' })).toEqual({ type: 'panalo:close' });
    expect(readFrameMessage({ type: 'panalo:balance', extra: 1 })).toEqual({ type: 'panalo:balance' });
    expect(readFrameMessage({ type: 'panalo:deposit' })).toBeUndefined();
    expect(readFrameMessage('panalo:close')).toBeUndefined();
    expect(readFrameMessage(null)).toBeUndefined();
  });
});

describe('the records window', () => {
  it('counts Manila days back from today', () => {
    // 23 Nov 2026 17:30 in Manila is 09:30 UTC.
    const now = Date.UTC(2026, 10, 23, 9, 30);
    expect(gameRecordWindow('today', now)).toEqual({ beginDate: '2026-11-23', endDate: '2026-11-23' });
    expect(gameRecordWindow('week', now)).toEqual({ beginDate: '2026-11-17', endDate: '2026-11-23' });
    expect(gameRecordWindow('month', now)).toEqual({ beginDate: '2026-10-25', endDate: '2026-11-23' });
    // 23 Nov 23:30 UTC is already the 24th in Manila.
    expect(gameRecordWindow('today', Date.UTC(2026, 10, 23, 23, 30)).endDate).toBe('2026-11-24');
  });
});

describe('the anti-addiction reminder', () => {
  it('says the time played in hours and minutes', () => {
    expect(formatPlayed(3_600_000)).toBe('1 h 00 min');
    expect(formatPlayed(2 * 3_600_000 + 5 * 60_000 + 59_000)).toBe('2 h 05 min');
    expect(formatPlayed(25 * 60_000)).toBe('25 min');
    expect(formatPlayed(-5)).toBe('0 min');
  });

  it("reads the category's interval from the site setting, 0 meaning none", () => {
    const setting = { '5': { remindEveryMinutes: 60 }, '17': { remindEveryMinutes: 0 } };
    expect(remindEveryMinutes(setting, 5)).toBe(60);
    expect(remindEveryMinutes(setting, 17)).toBe(0);
    expect(remindEveryMinutes(setting, 3)).toBe(0);
    expect(remindEveryMinutes(undefined, 5)).toBe(0);
    expect(remindEveryMinutes({ '5': { remindEveryMinutes: 'often' } }, 5)).toBe(0);
  });
});

describe('round verification', () => {
  it("recomputes SHA-256 of the revealed seed like the server's hash", async () => {
    const seed = 'f1c0a2b3d4e5f60718293a4b5c6d7e8f';
    const hash = createHash('sha256').update(seed).digest('hex');
    expect(await sha256Hex(seed)).toBe(hash);
    expect(await seedMatchesHash(seed, hash.toUpperCase())).toBe(true);
    expect(await seedMatchesHash(`${seed}0`, hash)).toBe(false);
  });
});

describe('transfers and bingo rooms', () => {
  it('offers only the presets the main balance covers', () => {
    expect(transferPresets(60_000)).toEqual([10_000, 50_000]);
    expect(transferPresets(null)).toEqual([10_000, 50_000, 100_000, 500_000]);
  });

  it('lists the bingo games in lobby order', () => {
    const bingo = (gameId: number, rank: number): GameEntry => ({ ...slot, gameId, kind: 'bingo', engine: 'bingo', category: 27, rank });
    expect(bingoRooms([slot, bingo(7, 3), bingo(8, 1)]).map((game) => game.gameId)).toEqual([8, 7]);
  });
});

describe("the play pages' address", () => {
  it('takes the game id as the address writes it or as a lobby link hands it over, and nothing else', () => {
    expect(gameSearch.parse({ gameId: '1001' }).gameId).toBe('1001');
    expect(gameSearch.parse({ gameId: 1001 }).gameId).toBe('1001');
    expect(gameSearch.parse({ gameId: 'abc' }).gameId).toBeUndefined();
    expect(gameSearch.parse({ gameId: 0 }).gameId).toBeUndefined();
    expect(gameSearch.parse({ gameId: '1001', via: 'elsewhere' })).toEqual({ gameId: '1001' });
  });
});
