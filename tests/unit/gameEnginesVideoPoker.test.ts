import { describe, expect, it } from 'vitest';
import { fairRng, shuffle } from '../../server/providers/games/fair';
import { GameProviderError } from '../../server/providers/games/types';
import { JACKS_8_5, JACKS_9_6, drawHand, videoPokerEngine, type VideoPokerView } from '../../server/providers/games/engines/videoPoker';
import { DECK, HandRank, cardFromLabel, cardLabel, handCategory } from '../../server/providers/games/engines/videoPokerHands';
import { exactOptimalRtp, holdValues, optimalHold, payTotals } from '../../server/providers/games/engines/videoPokerStrategy';

const hand = (labels: string) => labels.split(' ').map(cardFromLabel);
const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce });

describe('Jacks or Better hand ranks', () => {
  it.each([
    ['AS KS QS JS TS', HandRank.RoyalFlush],
    ['TH JH QH KH AH', HandRank.RoyalFlush],
    ['9D TD JD QD KD', HandRank.StraightFlush],
    ['AC 2C 3C 4C 5C', HandRank.StraightFlush],
    ['7S 7H 7D 7C 2S', HandRank.FourOfAKind],
    ['3S 3H 3D KC KS', HandRank.FullHouse],
    ['2H 7H 9H JH KH', HandRank.Flush],
    ['5S 6H 7D 8C 9S', HandRank.Straight],
    ['AS 2H 3D 4C 5S', HandRank.Straight],
    ['TS JH QD KC AS', HandRank.Straight],
    ['QS QH QD 2C 9S', HandRank.ThreeOfAKind],
    ['4S 4H 9D 9C KS', HandRank.TwoPair],
    ['2S 2H 3D 3C 4S', HandRank.TwoPair],
    ['JS JH 2D 5C 8S', HandRank.JacksOrBetter],
    ['AS AH 2D 5C 8S', HandRank.JacksOrBetter],
    ['TS TH 2D 5C 8S', HandRank.Nothing],
    ['2S 2H 3D 5C 8S', HandRank.Nothing],
    ['QS KH AD 2C 3S', HandRank.Nothing],
    ['AS KH QD JC 9S', HandRank.Nothing],
  ])('%s is rank %i', (labels, rank) => {
    expect(handCategory(hand(labels))).toBe(rank);
  });

  it('counts the textbook number of hands of each rank over all 2,598,960 deals', () => {
    const counts = new Array<number>(10).fill(0);
    const cards = [0, 0, 0, 0, 0];
    for (let e = 4; e < 52; e += 1)
      for (let d = 3; d < e; d += 1)
        for (let c = 2; c < d; c += 1)
          for (let b = 1; b < c; b += 1)
            for (let a = 0; a < b; a += 1) {
              cards.splice(0, 5, a, b, c, d, e);
              counts[handCategory(cards)]! += 1;
            }
    // Jacks or better = pairs of J, Q, K or A: 4 of the 13 ranks × 84,480 one-pair hands each.
    expect(counts).toEqual([1_302_540 + 760_320, 337_920, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]);
  });

  it('labels cards both ways', () => {
    expect(DECK.map(cardLabel).map(cardFromLabel)).toEqual([...DECK]);
    expect(cardLabel(cardFromLabel('TD'))).toBe('TD');
    expect(() => cardFromLabel('1X')).toThrow();
  });
});

describe('the optimal hold strategy', () => {
  const totals = payTotals(JACKS_9_6.pays);

  /** Expected pay of a hold by enumerating every draw from the 47 unseen cards. */
  function bruteForce(dealt: number[], mask: number): number {
    const held = dealt.filter((_, i) => mask & (1 << i));
    const rest = DECK.filter((card) => !dealt.includes(card));
    const need = 5 - held.length;
    let sum = 0;
    let count = 0;
    const pick = (from: number, chosen: number[]) => {
      if (chosen.length === need) {
        sum += JACKS_9_6.pays[handCategory([...held, ...chosen])]!;
        count += 1;
        return;
      }
      for (let i = from; i < rest.length; i += 1) pick(i + 1, [...chosen, rest[i]!]);
    };
    pick(0, []);
    return sum / count;
  }

  it.each(['AS KS QS JS 2H', 'JS JH 5D 8C 2S', '9H TH JH 3C 3D', '2S 5H 7D 9C KS'])(
    'gives the same expected pay as enumerating every draw, for every hold of at least two cards (%s)',
    (labels) => {
      const dealt = hand(labels);
      const values = holdValues(dealt, totals);
      for (let mask = 0; mask < 32; mask += 1) {
        let held = 0;
        for (let bit = 0; bit < 5; bit += 1) if (mask & (1 << bit)) held += 1;
        if (held >= 2) expect(values[mask]).toBeCloseTo(bruteForce(dealt, mask), 12);
      }
    },
  );

  it('matches enumeration for a single held card too', () => {
    const dealt = hand('KS 2H 7D 9C 4S');
    expect(holdValues(dealt, totals)[1]).toBeCloseTo(bruteForce(dealt, 1), 12);
  });

  it('keeps a dealt royal, holds a high pair, and breaks a high pair for four to a royal', () => {
    expect(optimalHold(hand('AS KS QS JS TS'), totals)).toEqual({ mask: 0b11111, value: 800 });
    expect(optimalHold(hand('JS 2H JD 8C 4S'), totals).mask).toBe(0b00101);
    expect(optimalHold(hand('AS KS QS JS JH'), totals).mask).toBe(0b01111);
  });

  it('computes the stated RTP of optimal play exactly: 99.54 % for 9/6 and 97.30 % for 8/5', { timeout: 120_000 }, () => {
    const rtp96 = exactOptimalRtp(JACKS_9_6.pays);
    const rtp85 = exactOptimalRtp(JACKS_8_5.pays);
    // The published values (e.g. Wizard of Odds): 99.5439 % and 97.2984 %.
    expect(rtp96).toBeCloseTo(0.995439, 6);
    expect(rtp85).toBeCloseTo(0.972984, 6);
    expect(Math.round(rtp96 * 10_000)).toBe(videoPokerEngine.rtpBps(JACKS_9_6));
    expect(Math.round(rtp85 * 10_000)).toBe(videoPokerEngine.rtpBps(JACKS_8_5));
  });
});

describe('a video poker round', () => {
  it('deals the first five cards of the deck shuffled by the round seeds, and draws the next ones in order', () => {
    const deck = shuffle(DECK, fairRng(seeds(7)));
    const dealt = videoPokerEngine.start({ bet: 500, params: JACKS_9_6, rng: fairRng(seeds(7)), action: {} });
    expect((dealt.view as VideoPokerView).cards).toEqual(deck.slice(0, 5).map(cardLabel));
    expect(dealt.settled).toBeUndefined();
    expect(JSON.stringify(dealt.view)).not.toContain(cardLabel(deck[5]!));

    const hold = [true, false, true, false, false];
    const drawn = videoPokerEngine.act!({
      bet: 500,
      params: JACKS_9_6,
      rng: fairRng(seeds(7)),
      state: dealt.state,
      action: { hold },
      elapsedMs: 0,
    });
    const final = [deck[0]!, deck[5]!, deck[2]!, deck[6]!, deck[7]!];
    expect((drawn.view as VideoPokerView).cards).toEqual(final.map(cardLabel));
    expect(drawn.settled?.win).toBe(500 * JACKS_9_6.pays[handCategory(final)]!);
  });

  it('is the same round for the same seeds and another for the next nonce', () => {
    const a = videoPokerEngine.start({ bet: 100, params: JACKS_9_6, rng: fairRng(seeds(1)), action: {} });
    const b = videoPokerEngine.start({ bet: 100, params: JACKS_9_6, rng: fairRng(seeds(1)), action: {} });
    const c = videoPokerEngine.start({ bet: 100, params: JACKS_9_6, rng: fairRng(seeds(2)), action: {} });
    expect(b.view).toEqual(a.view);
    expect(c.view).not.toEqual(a.view);
  });

  it('pays a dealt-and-held royal 800 for one, and nothing for an unpaid hand', () => {
    const royal = [...hand('AS KS QS JS TS'), ...DECK.filter((card) => !hand('AS KS QS JS TS').includes(card))];
    const all = [true, true, true, true, true];
    const won = videoPokerEngine.act!({
      bet: 100,
      params: JACKS_8_5,
      rng: fairRng(seeds(0)),
      state: { deck: royal },
      action: { hold: all },
      elapsedMs: 0,
    });
    expect(won.settled?.win).toBe(80_000);
    const junk = hand('2S 5H 7D 9C KS');
    const lost = videoPokerEngine.act!({
      bet: 100,
      params: JACKS_8_5,
      rng: fairRng(seeds(0)),
      state: { deck: [...junk, ...DECK.filter((card) => !junk.includes(card))] },
      action: { hold: all },
      elapsedMs: 0,
    });
    expect(lost.settled).toMatchObject({ win: 0 });
    expect(drawHand([...junk, ...DECK], [false, true, true, true, true]).map(cardLabel)).toEqual(['2S', '5H', '7D', '9C', 'KS']);
  });

  it('refuses a draw without five hold choices in the player’s words', () => {
    const dealt = videoPokerEngine.start({ bet: 100, params: JACKS_9_6, rng: fairRng(seeds(3)), action: {} });
    const act = (action: unknown) => () =>
      videoPokerEngine.act!({ bet: 100, params: JACKS_9_6, rng: fairRng(seeds(3)), state: dealt.state, action, elapsedMs: 0 });
    for (const action of [null, {}, { hold: [true] }, { hold: [1, 0, 0, 0, 0] }]) {
      expect(act(action)).toThrow(GameProviderError);
      expect(act(action)).toThrow('Choose the cards to hold, then draw.');
    }
  });

  it('autoplays the optimal hold on the same deal as a played round', () => {
    const totals = payTotals(JACKS_9_6.pays);
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const deck = shuffle(DECK, fairRng(seeds(nonce)));
      const { mask } = optimalHold(deck.slice(0, 5), totals);
      const hold = [0, 1, 2, 3, 4].map((i) => (mask & (1 << i)) !== 0);
      const { win } = videoPokerEngine.autoplay({ bet: 100, params: JACKS_9_6, rng: fairRng(seeds(nonce)) });
      expect(win).toBe(100 * JACKS_9_6.pays[handCategory(drawHand(deck, hold))]!);
    }
  });
});

describe('the video poker page', () => {
  it.each([JACKS_9_6, JACKS_8_5])('is markup without inline styles (the page CSP) and a script that parses ($name)', (params) => {
    const page = videoPokerEngine.page(params);
    expect(page.title).toBe(`Jacks or Better ${params.name}`);
    expect(page.html).toContain('data-testid="vp-deal"');
    expect(`${page.html}${page.script}`).not.toMatch(/style="/);
    expect(() => new Function(page.script)).not.toThrow();
    expect(page.script).toContain(`[6,"Full House",${params.pays[6]}]`);
  });
});
