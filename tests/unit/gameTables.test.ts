// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fairRng, hashServerSeed, seedMatchesHash, shuffle } from '../../server/providers/games/fair';
import {
  BALLS_PER_DRAW,
  BINGO_RTP_BPS,
  bingoCard,
  bingoExactRtp,
  bingoResult,
  bingoRtpRound,
  drawOrder,
  lineChances,
  LINES,
} from '../../server/providers/games/tables/bingo';
import {
  checkSpot,
  colourOf,
  dealerCall,
  ROULETTE_RTP_BPS,
  roulettePayout,
  rouletteOutcome,
  rouletteRtpRound,
  spotWins,
  WHEEL_ORDER,
} from '../../server/providers/games/tables/roulette';

const SEEDS = { serverSeed: 'a'.repeat(64), clientSeed: 'bingo-plaza:1' };

describe('European roulette', () => {
  it('has 37 pockets: 18 red, 18 black and a green zero, each once on the wheel', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    const colours = WHEEL_ORDER.map(colourOf);
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    expect(colourOf(0)).toBe('green');
    // Colours alternate round the wheel after the zero.
    for (let i = 1; i < 36; i += 1) expect(colourOf(WHEEL_ORDER[i]!)).not.toBe(colourOf(WHEEL_ORDER[i + 1]!));
  });

  it('pays each bet its odds with the stake back, and zero loses every outside bet', () => {
    expect(roulettePayout({ kind: 'straight', pick: 17 }, 100, 17)).toBe(3_600);
    expect(roulettePayout({ kind: 'straight', pick: 17 }, 100, 18)).toBe(0);
    expect(roulettePayout({ kind: 'split', pick: 17, pick2: 20 }, 100, 20)).toBe(1_800);
    expect(roulettePayout({ kind: 'red' }, 100, 17)).toBe(0);
    expect(roulettePayout({ kind: 'black' }, 100, 17)).toBe(200);
    expect(roulettePayout({ kind: 'odd' }, 100, 17)).toBe(200);
    expect(roulettePayout({ kind: 'dozen', pick: 2 }, 100, 17)).toBe(300);
    expect(roulettePayout({ kind: 'column', pick: 2 }, 100, 17)).toBe(300);
    expect(roulettePayout({ kind: 'low' }, 100, 17)).toBe(200);
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) expect(spotWins({ kind }, 0)).toBe(false);
    expect(spotWins({ kind: 'dozen', pick: 1 }, 0)).toBe(false);
    expect(roulettePayout({ kind: 'straight', pick: 0 }, 100, 0)).toBe(3_600);
  });

  it('returns exactly 36/37 of every bet over the 37 pockets (RTP 97.30 %)', () => {
    const spots = [
      { kind: 'straight', pick: 5 },
      { kind: 'split', pick: 1, pick2: 2 },
      { kind: 'red' },
      { kind: 'even' },
      { kind: 'high' },
      { kind: 'dozen', pick: 3 },
      { kind: 'column', pick: 1 },
    ] as const;
    for (const spot of spots) {
      let returned = 0;
      for (let pocket = 0; pocket <= 36; pocket += 1) returned += roulettePayout(spot, 37, pocket);
      expect(returned, spot.kind).toBe(36 * 37);
    }
    expect(ROULETTE_RTP_BPS).toBe(Math.round((36 / 37) * 10_000));
  });

  it('refuses spots that are not on the layout, with a sentence for the player', () => {
    expect(checkSpot({ kind: 'straight', pick: 37 })).toBe('Pick a number from 0 to 36.');
    expect(checkSpot({ kind: 'split', pick: 3, pick2: 4 })).toMatch(/next to each other/);
    expect(checkSpot({ kind: 'split', pick: 11, pick2: 8 })).toEqual({ kind: 'split', pick: 8, pick2: 11 });
    expect(checkSpot({ kind: 'dozen', pick: 4 })).toBe('Pick a dozen from 1 to 3.');
    expect(checkSpot({ kind: 'red', pick: 99 })).toEqual({ kind: 'red' });
  });

  it('spins from the round seed alone: the same seed gives the same pocket, and the dealer calls it', () => {
    const seeds = { serverSeed: 'f'.repeat(64), clientSeed: 'live-roulette-vip:1', nonce: 0 };
    const pocket = rouletteOutcome(fairRng(seeds));
    expect(rouletteOutcome(fairRng(seeds))).toBe(pocket);
    expect(seedMatchesHash(seeds.serverSeed, hashServerSeed(seeds.serverSeed))).toBe(true);
    expect(dealerCall(17)).toBe('Seventeen, black');
    expect(dealerCall(32)).toBe('Thirty-two, red');
    expect(dealerCall(0)).toBe('Zero, green');
    expect(dealerCall(33)).toBe('Thirty-three, black');
    expect(dealerCall(20)).toBe('Twenty, black');
  });

  it('lands on every pocket about equally often over many seeds', () => {
    const counts = new Array<number>(37).fill(0);
    for (let nonce = 0; nonce < 37_000; nonce += 1) counts[rouletteOutcome(fairRng({ serverSeed: 's', clientSeed: 'c', nonce }))]! += 1;
    for (const count of counts) expect(Math.abs(count - 1_000)).toBeLessThan(150);
  });

  it('measures close to 97.30 % with the bench helper', () => {
    const rng = fairRng({ serverSeed: 'bench', clientSeed: 'roulette', nonce: 0 });
    let staked = 0;
    let won = 0;
    for (let i = 0; i < 200_000; i += 1) {
      staked += 100;
      won += rouletteRtpRound(rng, 100).win;
    }
    // 200k mixed rounds: the standard error is about 0.5 %.
    expect(Math.abs(won / staked - 0.973)).toBeLessThan(0.02);
  }, 60_000);
});

describe('75-ball bingo', () => {
  it('deals a card of five columns of five from their fifteen numbers, a free centre, from the seed and index', () => {
    const card = bingoCard(SEEDS, 1);
    expect(card).toHaveLength(25);
    expect(card[12]).toBe(0);
    for (let cell = 0; cell < 25; cell += 1) {
      if (cell === 12) continue;
      const column = cell % 5;
      expect(card[cell]).toBeGreaterThanOrEqual(column * 15 + 1);
      expect(card[cell]).toBeLessThanOrEqual(column * 15 + 15);
    }
    expect(new Set(card).size).toBe(25);
    expect(bingoCard(SEEDS, 1)).toEqual(card);
    expect(bingoCard(SEEDS, 2)).not.toEqual(card);
    expect(bingoCard({ ...SEEDS, serverSeed: 'b'.repeat(64) }, 1)).not.toEqual(card);
  });

  it('draws all 75 balls once, in an order fixed by the seed', () => {
    const order = drawOrder(SEEDS);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
    expect(drawOrder(SEEDS)).toEqual(order);
    expect(drawOrder({ ...SEEDS, clientSeed: 'bingo-plaza:2' })).not.toEqual(order);
  });

  it('pays the best pattern: a row, two lines with a diagonal through the free centre, a full house', () => {
    const card = bingoCard(SEEDS, 3);
    const row = (r: number) => card.slice(r * 5, r * 5 + 5);
    expect(bingoResult(card, [], 100)).toEqual({ pattern: null, lines: 0, win: 0 });
    expect(bingoResult(card, row(0), 100)).toEqual({ pattern: 'line', lines: 1, win: 100 });
    // The middle row needs only its four numbers.
    expect(bingoResult(card, row(2).filter(Boolean), 100)).toMatchObject({ pattern: 'line', lines: 1 });
    const diagonal = [0, 6, 18, 24].map((cell) => card[cell]!);
    expect(bingoResult(card, [...row(0), ...diagonal], 100)).toEqual({ pattern: 'two-lines', lines: 2, win: 300 });
    expect(bingoResult(card, [...row(0), ...row(1), ...row(4)], 100)).toMatchObject({ pattern: 'three-lines', win: 800 });
    expect(bingoResult(card, [...row(0), ...row(1), ...row(3), ...row(4)], 100)).toMatchObject({ pattern: 'four-lines', win: 3_000 });
    expect(bingoResult(card, card.filter(Boolean), 100)).toEqual({ pattern: 'full-house', lines: LINES.length, win: 500_000 });
  });

  it('states the exact RTP of its prize table, 94.90 %', () => {
    const { exactly } = lineChances();
    expect(exactly.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 9);
    expect(BINGO_RTP_BPS).toBe(9490);
    // With all 75 balls every card is a full house.
    expect(lineChances(75).fullHouse).toBeCloseTo(1, 12);
  });

  it('agrees with a simulation of real cards and draws (the exact chance of a line is met)', () => {
    const rng = fairRng({ serverSeed: 'bench', clientSeed: 'bingo', nonce: 0 });
    const rounds = 20_000;
    let won = 0;
    const byPrize = new Map<number, number>();
    for (let i = 0; i < rounds; i += 1) {
      const win = bingoRtpRound(rng, 100).win;
      won += win;
      byPrize.set(win, (byPrize.get(win) ?? 0) + 1);
    }
    const { exactly } = lineChances();
    const share = (win: number) => (byPrize.get(win) ?? 0) / rounds;
    // Each within about four standard errors of its exact chance.
    expect(Math.abs(share(0) - exactly[0]!)).toBeLessThan(0.015);
    expect(Math.abs(share(100) - exactly[1]!)).toBeLessThan(0.015);
    expect(Math.abs(share(300) - exactly[2]!)).toBeLessThan(0.009);
    expect(Math.abs(share(800) - exactly[3]!)).toBeLessThan(0.005);
    // The four-lines prize makes the return noisy: one standard error is about 1.8 % at this count.
    expect(Math.abs(won / (rounds * 100) - bingoExactRtp())).toBeLessThan(0.07);
  }, 60_000);

  it('uses the draw order and cards of fair.ts (checkable by anyone who replays HMAC-SHA256)', () => {
    const rng = fairRng({ ...SEEDS, nonce: 0 });
    expect(drawOrder(SEEDS)).toEqual(
      shuffle(
        Array.from({ length: 75 }, (_, i) => i + 1),
        rng,
      ),
    );
    expect(BALLS_PER_DRAW).toBe(40);
  });
});

describe('the tables in the lobby', () => {
  it('list each table with its own stake limits, not the engine’s', async () => {
    const { catalogue } = await import('../../server/providers/games/catalogue');
    const limits = (code: string) => {
      const entry = [...catalogue().values()].find((game) => game.game.gameCode === code)!.game;
      return { minBet: entry.minBet, maxBet: entry.maxBet };
    };
    expect(limits('roulette-vip-live')).toEqual({ minBet: 50_000, maxBet: 10_000_000 });
    expect(limits('roulette-manila-live')).toEqual({ minBet: 1_000, maxBet: 500_000 });
    expect(limits('bingo-gold-plaza')).toEqual({ minBet: 5_000, maxBet: 20_000 });
  });
});
