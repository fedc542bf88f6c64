import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import type { GamePlatform } from '../../src/contract/games';
import { GameGrid, VIRTUALIZE_AT } from '../../src/features/games/parts';
import { initI18n } from '../../src/i18n';
import { gameEntry } from './gameFixtures';

/**
 * The lobby's long grid (virtualized against the page's scroll) on its first render: the first commit
 * of the games tab was one long task on a cheap phone because the grid rendered twice in it, the second
 * time synchronously from its own layout effect (issue 14, goal 2: TBT).
 */

const GAMES = Array.from({ length: VIRTUALIZE_AT + 40 }, (_, i) =>
  gameEntry({ gameId: 1_000 + i, gameCode: `sim_slot_${i}`, gameName: `Game ${i}`, rank: i }),
);
const PLATFORMS = new Map<string, GamePlatform>([
  ['SIMSLOTS', { platformCode: 'SIMSLOTS', name: 'Sim Slots', wallet: 'seamless', maintenance: false }],
]);

/** jsdom has no ResizeObserver; the grid's observers only ever report later resizes. */
class QuietResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The grid on a page of its own, its commits counted by React's Profiler. */
async function showGrid() {
  const commits = vi.fn();
  const root = createRootRoute({
    component: () => (
      <Profiler id="grid" onRender={commits}>
        <GameGrid games={GAMES} platforms={PLATFORMS} label="Slots" />
      </Profiler>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/games/slot'] }) });
  await router.load();
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return commits;
}

/** The server's drawing of the lobby (server/plugins/firstTiles.ts), as the page has it when the app starts. */
function drawnLobby(top: number, pitch: number) {
  const lobby = document.createElement('div');
  lobby.setAttribute('data-first-tiles', '');
  const list = document.createElement('div');
  list.setAttribute('role', 'list');
  list.getBoundingClientRect = () => ({ top }) as DOMRect;
  for (let i = 0; i < 6; i++) {
    const item = document.createElement('div');
    item.setAttribute('role', 'listitem');
    item.getBoundingClientRect = () => ({ top: top + Math.floor(i / 3) * pitch }) as DOMRect;
    list.append(item);
  }
  lobby.append(list);
  document.body.append(lobby);
  return lobby;
}

describe('the lobby’s long grid', () => {
  beforeAll(async () => {
    await initI18n('en');
    vi.stubGlobal('ResizeObserver', QuietResizeObserver);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  it('over the server’s drawing, draws the screen’s rows in one commit, where the drawing had them', async () => {
    drawnLobby(300, 155.5);
    const commits = await showGrid();
    expect(commits).toHaveBeenCalledTimes(1);
    const tiles = screen.getAllByRole('listitem').filter((tile) => tile.closest('[data-first-tiles]') === null);
    // The screen's rows and a few beyond, never the whole catalogue.
    expect(tiles.length).toBeGreaterThan(3);
    expect(tiles.length).toBeLessThan(GAMES.length);
    expect(tiles[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(tiles[0]!.getAttribute('aria-setsize')).toBe(String(GAMES.length));
    const rows = [...document.querySelectorAll<HTMLElement>('[data-index]')];
    expect(rows.length).toBeGreaterThan(1);
    // Inside the list each row sits at its index times the pitch read from the drawing.
    expect(rows.slice(0, 3).map((row) => row.style.transform)).toEqual(['translateY(0px)', 'translateY(155.5px)', 'translateY(311px)']);
  });

  it('takes over without scrolling the window (it is where the grid found it), and follows a resize', async () => {
    drawnLobby(300, 155.5);
    const scrolls = vi.mocked(window.scrollTo);
    scrolls.mockClear();
    await showGrid();
    // The router resets the scroll of a page it shows (top and left); the grid asks for none.
    const asked = scrolls.mock.calls.map(([to]) => to as unknown as ScrollToOptions);
    expect(asked.filter((to) => !(to.left === 0 && to.top === 0))).toEqual([]);
    const rowsOn = (height: number) => {
      vi.stubGlobal('innerHeight', height);
      act(() => void window.dispatchEvent(new Event('resize')));
      return document.querySelectorAll('[data-index]').length;
    };
    // A taller window shows more rows, a shorter one fewer: the grid reads its size on resize.
    expect(rowsOn(2_400)).toBeGreaterThan(rowsOn(400));
    vi.unstubAllGlobals();
    vi.stubGlobal('ResizeObserver', QuietResizeObserver);
  });
});
