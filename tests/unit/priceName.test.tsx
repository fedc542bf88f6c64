import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { Market, Match, Selection } from '../../src/contract/feed';
import { PriceButton } from '../../src/features/sports/PriceButton';
import styles from '../../src/features/sports/PriceButton.module.css';
import { initI18n, setLanguage } from '../../src/i18n';
import { priceName, selectionLabel } from '../../src/lib/marketLabels';
import { priceButton, useEnglish } from '../../server/plugins/firstRows';

/**
 * A price button's accessible name (WCAG 2.5.3 Label in Name, issue 31): it starts with the text the
 * button shows, so a voice-control user saying '2.13' reaches it, then says whose price it is and in
 * which market. The server's first rows (server/plugins/firstRows.ts) draw the same button as React.
 */

const match = { matchId: 'm1', homeName: 'Quezon Sharks', awayName: 'Cebu Marlins' } as Match;

function market(betType: number, betTypeName: string, point: number | null, selections: Selection[], more: Partial<Market> = {}): Market {
  return {
    marketId: `mk${betType}`,
    matchId: 'm1',
    betType,
    betTypeName,
    category: 'main',
    periodName: 'FT',
    point,
    point2: null,
    status: 'Running',
    main: true,
    combo: true,
    minBet: 10,
    maxBet: 10_000,
    selections,
    ...more,
  };
}

const handicap = market(1, 'Handicap', 0.5, [
  { key: 'h', keyEn: 'Quezon Sharks', price: 2.13 },
  { key: 'a', keyEn: 'Cebu Marlins', price: 1.71 },
]);
const total = market(3, 'Over/Under', 2.25, [
  { key: 'o', keyEn: 'Over', price: 1.95 },
  { key: 'u', keyEn: 'Under', price: 1.86 },
]);
const threeWay = market(5, '1X2', null, [
  { key: 'h', keyEn: 'Quezon Sharks', price: 2.1 },
  { key: 'd', keyEn: 'Draw', price: 3.2 },
  { key: 'a', keyEn: 'Cebu Marlins', price: 3.4 },
]);
const oddEven = market(2, 'Odd/Even', null, [{ key: 'odd', keyEn: 'Odd', price: 1.9 }], { periodName: '1H' });
const suspended = { ...handicap, status: 'Suspend' } as Market;

/** The name as the button builds it, from what it shows. */
const nameOf = (m: Market, s: Selection, odds: string | undefined, offline = false) =>
  priceName(m, s, { label: selectionLabel(m, s, i18next.t), odds, offline }, i18next.t);

beforeAll(async () => {
  await initI18n('en');
  // The server draws with the English the build carries (first-paint.json): here, the app's own.
  useEnglish(i18next.getResourceBundle('en', 'translation') as Record<string, unknown>);
});
afterEach(cleanup);

describe('a price button’s name', () => {
  it('starts with what the button shows, then the side in words and the market', () => {
    expect(nameOf(handicap, handicap.selections[0]!, '2.13')).toBe('+0.5 2.13, Quezon Sharks +0.5, Handicap');
    expect(nameOf(handicap, handicap.selections[1]!, '1.71')).toBe('-0.5 1.71, Cebu Marlins -0.5, Handicap');
    expect(nameOf(total, total.selections[0]!, '1.95')).toBe('O 2/2.5 1.95, Over 2/2.5, Over/Under');
    expect(nameOf(threeWay, threeWay.selections[0]!, '2.10')).toBe('1 2.10, Quezon Sharks, 1X2');
    expect(nameOf(threeWay, threeWay.selections[1]!, '3.20')).toBe('X 3.20, Draw, 1X2');
  });

  it('leaves the side out where the label already says it, and names the period', () => {
    expect(nameOf(oddEven, oddEven.selections[0]!, '1.90')).toBe('Odd 1.90, Odd/Even · 1H');
  });

  it('says a locked market’s state where the odds would be, and that an offline price cannot be picked', () => {
    expect(nameOf(suspended, suspended.selections[0]!, undefined)).toBe('+0.5, Quezon Sharks +0.5, Handicap, Market Suspend');
    expect(nameOf(handicap, handicap.selections[0]!, '2.13', true)).toBe(
      '+0.5 2.13, Quezon Sharks +0.5, Handicap, offline, cannot be picked',
    );
  });

  it('in Chinese, starts with the Chinese label and does not say the side twice', async () => {
    await setLanguage('cn');
    try {
      expect(nameOf(total, total.selections[0]!, '1.95')).toBe('大 2/2.5 1.95, Over/Under');
      expect(nameOf(threeWay, threeWay.selections[1]!, '3.20')).toBe('和 3.20, 1X2');
      expect(nameOf(threeWay, threeWay.selections[0]!, '2.10')).toBe('主 2.10, Quezon Sharks, 1X2');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the price button', () => {
  const drawn = (m: Market, s: Selection) => {
    const { container } = render(<PriceButton match={match} market={m} selection={s} moves={new Map()} page="live" />);
    return container.firstElementChild as HTMLButtonElement;
  };

  it('is named by priceName and its text reads as that name begins: the label, a space, the odds', () => {
    const button = drawn(handicap, handicap.selections[0]!);
    expect(button.getAttribute('aria-label')).toBe('+0.5 2.13, Quezon Sharks +0.5, Handicap');
    expect(button.textContent).toBe('+0.5 2.13');
    expect(drawn(suspended, suspended.selections[0]!).textContent).toBe('+0.5 ');
  });

  it('is drawn by the server exactly as React draws it, open or locked', () => {
    const classes = { PriceButton: styles as Record<string, string> };
    for (const [m, s] of [
      [handicap, handicap.selections[1]!],
      [total, total.selections[0]!],
      [threeWay, threeWay.selections[1]!],
      [suspended, suspended.selections[0]!],
    ] as const) {
      expect(priceButton(classes, m, s)).toBe(drawn(m, s).outerHTML);
      cleanup();
    }
  });
});
