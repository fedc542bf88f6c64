import { describe, expect, it } from 'vitest';
import { SportTypeId } from '../../src/contract/sports';
import { jointProbability, priceOf, settleCustomBet } from '../../server/providers/feed/customBet';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import type { FeedProvider, MatchResult } from '../../server/providers/feed/types';
import { builderReturn } from '../../server/modules/bets/tickets';

const START = Date.parse('2025-06-01T02:00:00Z');

function footballFeed(): FeedProvider {
  return createFeedSimulator({ seed: 7, now: () => START, matchesPerSport: 8, sports: [SportTypeId.Football] });
}

/** A football match not started yet (0-0, the whole match to play). */
function prematch(feed: FeedProvider): string {
  const listed = feed.listSnapshot(SportTypeId.Football, 'today').matches[0] ?? feed.listSnapshot(SportTypeId.Football, 'early').matches[0];
  return listed!.matchId;
}

function singlePrice(feed: FeedProvider, matchId: string, id: string): number {
  const selection = feed.customBets
    .availableSelections(matchId)!
    .flatMap((m) => m.selections)
    .find((s) => s.selectionId === id);
  return selection!.price;
}

function combined(feed: FeedProvider, matchId: string, ids: string[]): number {
  const calculation = feed.customBets.calculate(matchId, ids);
  if (calculation.status !== 'ok') throw new Error(`${ids.join('+')}: ${calculation.status}`);
  return calculation.price;
}

describe('the feed simulator’s custom-bet API', () => {
  it('offers the builder’s markets of a football match with each selection’s own price', () => {
    const feed = footballFeed();
    const markets = feed.customBets.availableSelections(prematch(feed))!;
    expect(markets.map((m) => m.marketId)).toEqual(['1x2', 'dc', 'tg1.5', 'tg2.5', 'tg3.5', 'btts', 'oe']);
    for (const selection of markets.flatMap((m) => m.selections)) expect(selection.price).toBeGreaterThan(1);
    // The three results' prices carry a margin: their implied probabilities sum above 1.
    const result = markets[0]!.selections.map((s) => 1 / s.price);
    expect(result.reduce((a, b) => a + b, 0)).toBeGreaterThan(1);
  });

  it('prices a positively correlated pair below, and a negatively correlated one above, the product of their prices', () => {
    const feed = footballFeed();
    const matchId = prematch(feed);
    const product = (ids: string[]) => ids.reduce((acc, id) => acc * singlePrice(feed, matchId, id), 1);
    // Both teams scoring makes three goals likelier.
    const together = ['tg2.5:o', 'btts:y'];
    expect(combined(feed, matchId, together)).toBeLessThan(product(together) * 0.8);
    // Under 2.5 with both scoring is only 1-1.
    const apart = ['tg2.5:u', 'btts:y'];
    expect(combined(feed, matchId, apart)).toBeGreaterThan(product(apart) * 1.2);
  });

  it('refuses selections of one market and pairs that cannot both happen, naming the pair', () => {
    const feed = footballFeed();
    const matchId = prematch(feed);
    const same = feed.customBets.calculate(matchId, ['tg1.5:o', '1x2:h', '1x2:d']);
    expect(same).toMatchObject({ status: 'conflict', selectionIds: ['1x2:h', '1x2:d'] });
    expect(same.status === 'conflict' && same.message).toMatch(/“Draw” are of the same market/);
    const impossible = feed.customBets.calculate(matchId, ['1x2:h', 'dc:x2']);
    expect(impossible).toMatchObject({ status: 'conflict', selectionIds: ['1x2:h', 'dc:x2'] });
    expect(impossible.status === 'conflict' && impossible.message).toMatch(/cannot both happen/);
    // Three that are possible in pairs but not together: a home win with both scoring needs three goals.
    const three = feed.customBets.calculate(matchId, ['1x2:h', 'btts:y', 'tg2.5:u']);
    expect(three).toMatchObject({ status: 'conflict', selectionIds: ['1x2:h', 'btts:y', 'tg2.5:u'] });
    expect(feed.customBets.calculate(matchId, ['1x2:h'])).toMatchObject({ status: 'incomplete' });
  });

  it('filters out what no longer combines with a choice', () => {
    const feed = footballFeed();
    const matchId = prematch(feed);
    const { combinable } = feed.customBets.filter(matchId, ['btts:y']);
    expect(combinable).toContain('tg2.5:o');
    expect(combinable).toContain('1x2:d');
    expect(combinable).not.toContain('btts:n');
    expect(combinable).not.toContain('tg1.5:u');
    const after = feed.customBets.filter(matchId, ['btts:y', 'tg2.5:u']).combinable;
    // 1-1 is the only score left: a draw, an even total.
    expect(after).toContain('1x2:d');
    expect(after).not.toContain('1x2:h');
    expect(after).not.toContain('oe:odd');
  });

  it('offers no builder on other sports or an unknown match', () => {
    const feed = createFeedSimulator({ seed: 7, now: () => START, matchesPerSport: 4, sports: [SportTypeId.Basketball] });
    const matchId = feed.listSnapshot(SportTypeId.Basketball, 'today').matches[0]?.matchId ?? 'x';
    expect(feed.customBets.availableSelections(matchId)).toBeUndefined();
    expect(feed.customBets.calculate('nope', ['1x2:h', 'btts:y'])).toMatchObject({ status: 'unavailable' });
  });

  it('settles each selection on the full-time score, and voids all without a result', () => {
    const result = { homeScore: 2, awayScore: 1 } as MatchResult;
    expect(settleCustomBet(['1x2:h', 'btts:y', 'tg2.5:o', 'oe:even'], result)).toEqual({
      outcomes: { '1x2:h': 'won', 'btts:y': 'won', 'tg2.5:o': 'won', 'oe:even': 'lost' },
      score: '2-1',
    });
    expect(settleCustomBet(['1x2:h', 'btts:y'], undefined)).toEqual({ outcomes: { '1x2:h': 'void', 'btts:y': 'void' }, score: null });
  });

  it('prices from the joint probability with the margin, floored', () => {
    const grid = {
      cells: [
        { home: 1, away: 0, p: 0.5 },
        { home: 1, away: 1, p: 0.5 },
      ],
    };
    expect(jointProbability(grid, [(h, a) => h > a])).toBe(0.5);
    expect(priceOf(0.5, 0.1)).toBe(1.81);
  });

  it('pays a builder its price only when every leg won, nothing when one lost, the stake back when one is void', () => {
    const legs = (...outcomes: string[]) => outcomes.map((outcome) => ({ outcome }));
    expect(builderReturn(1_000, 437, legs('won', 'won', 'won'))).toBe(4_370);
    expect(builderReturn(333, 437, legs('won', 'running'))).toBe(1_455);
    expect(builderReturn(1_000, 437, legs('won', 'lost', 'won'))).toBe(0);
    expect(builderReturn(1_000, 437, legs('void', 'void'))).toBe(1_000);
    expect(builderReturn(1_000, 437, legs('won', 'void'))).toBe(1_000);
  });
});
