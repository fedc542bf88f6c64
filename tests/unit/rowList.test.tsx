import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListMirror } from '../../src/realtime/mirror';
import type { RowItem } from '../../src/features/sports/RowList';

// The rows themselves are MatchRow's business (its own tests); here a row shows its match id.
vi.mock('../../src/features/sports/MatchRow', () => ({
  MatchRow: ({ matchId }: { matchId: string }) => <div data-testid="match-row">{matchId}</div>,
}));

const { ESTIMATED_HEIGHT, PLAIN_ROWS_MAX, RowList } = await import('../../src/features/sports/RowList');

const mirror = {} as ListMirror;

/** One league heading, then `count` matches. */
function list(count: number): RowItem[] {
  return [
    { kind: 'league', leagueId: 'L1', name: 'Premier League' },
    ...Array.from({ length: count }, (_, index) => ({ kind: 'match' as const, matchId: `m${index}` })),
  ];
}

const shown = () => screen.queryAllByTestId('match-row').map((row) => row.textContent);

describe('the sports list', () => {
  afterEach(cleanup);

  it('shows a short list whole, as plain rows in the page’s flow', () => {
    const items = list(PLAIN_ROWS_MAX - 1);
    render(<RowList items={items} mirror={mirror} now={0} />);
    expect(shown()).toEqual(items.flatMap((item) => (item.kind === 'match' ? [item.matchId] : [])));
    expect(screen.getByText('Premier League')).toBeTruthy();
    expect(screen.getByTestId('match-list').style.height).toBe('');
  });

  it('shows a long list’s first rows at once, in a list as tall as the virtualised one, until the virtualiser takes over', async () => {
    const items = list(200);
    const height = ESTIMATED_HEIGHT.league + 200 * ESTIMATED_HEIGHT.match;
    // jsdom lays nothing out: each row is as tall as the estimate, as a phone draws them.
    const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent === 'Premier League' ? ESTIMATED_HEIGHT.league : ESTIMATED_HEIGHT.match;
    });
    render(<RowList items={items} mirror={mirror} now={0} />);
    // Before the virtualiser's chunk: the first rows plain, the list already its full estimated height.
    expect(shown().slice(0, 3)).toEqual(['m0', 'm1', 'm2']);
    expect(shown().length).toBeLessThan(items.length);
    expect(screen.getByTestId('match-list').style.height).toBe(`${height}px`);
    // Then the virtualised list: the same height, starting with the same rows, and not every row in the page.
    await act(async () => {
      await import('../../src/features/sports/VirtualRows');
    });
    await vi.waitFor(() => expect(screen.getByTestId('match-list').querySelector('[style*="translateY"]')).not.toBeNull());
    expect(screen.getByTestId('match-list').style.height).toBe(`${height}px`);
    expect(shown()[0]).toBe('m0');
    expect(shown().length).toBeLessThan(items.length);
    offsetHeight.mockRestore();
  });
});
