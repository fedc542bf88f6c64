import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import type { GameListIndex } from '../../src/contract/games';
import { qrPath } from '../../src/ui/QrCode';
import { initI18n } from '../../src/i18n';
import { resetToken } from '../../src/stores/session';
import { ui } from '../../src/stores/ui';
import { type Answers, type Sent, stubServer } from './fakeServer';
import { gameEntry } from './gameFixtures';
import { renderApp } from './renderApp';

/**
 * The development pages (spec §2 "Non-production only: /qrcode, /demo, /gamesss, /abTest"): each a
 * working tool in a development build (the router leaves them out of a production one).
 */
const sent: Sent[] = [];
let answers: Answers = {};
const GAMES = [
  gameEntry({}),
  gameEntry({ gameId: 202, gameCode: 'sim_transfer_dragon', gameName: 'Dragon Gold', platformCode: 'SIMTRANSFER', trial: false }),
];
const INDEX: GameListIndex = {
  version: 'v7',
  count: GAMES.length,
  chunks: ['/static/games/v7/0.json'],
  platforms: [
    { platformCode: 'SIMSLOTS', name: 'Sim Slots Studio', wallet: 'seamless', maintenance: false },
    { platformCode: 'SIMTRANSFER', name: 'Sim Transfer', wallet: 'transfer', maintenance: true },
  ],
};

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  sent.length = 0;
  answers = {};
  stubServer(sent, () => answers, { '/static/games/index.json': INDEX, '/static/games/v7/0.json': GAMES });
  resetToken();
  ui.overlays = [];
  ui.toasts = [];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('development pages', () => {
  it('/qrcode draws the address typed as a QR code', async () => {
    await renderApp('/qrcode');
    const address = await screen.findByLabelText('Address');
    fireEvent.change(address, { target: { value: 'http://192.168.1.20:8080/foryou' } });
    const code = screen.getByTestId('qr-code');
    expect(code.getAttribute('aria-label')).toBe('QR code of http://192.168.1.20:8080/foryou');
    expect(code.querySelector('path')?.getAttribute('d')).toBe(qrPath('http://192.168.1.20:8080/foryou').path);
    // A version-2 code (25 modules) and its 2-module border; the three finder patterns' corners are dark.
    const { size, path } = qrPath('http://192.168.1.20:8080/foryou');
    expect(size).toBe(33);
    for (const corner of ['M2 2h1', `M${size - 3} 2h1`, `M2 ${size - 3}h1`]) expect(path).toContain(corner);
  });

  it('/gamesss lists every game with its platform and the links to open it each way', async () => {
    await renderApp('/gamesss');
    await waitFor(() => expect(screen.getAllByTestId('dev-game')).toHaveLength(2));
    expect(screen.getByTestId('games-count').textContent).toContain('2 of 2 games · lists version v7');
    const dragon = screen.getAllByTestId('dev-game')[1]!;
    expect(dragon.textContent).toContain('maintenance');
    expect([...dragon.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain(
      '/newGameV2?platformCode=SIMTRANSFER&gameCode=sim_transfer_dragon',
    );
    expect(dragon.textContent).not.toContain('Trial');
    fireEvent.change(screen.getByLabelText(/Find a game/), { target: { value: 'sampaguita' } });
    expect(screen.getAllByTestId('dev-game')).toHaveLength(1);
  });

  it('/abTest shows the group the server assigns this screen, and another screen’s', async () => {
    answers['compare/group/assign'] = (body) => ({
      body: { experiment: 'feature', groupName: String(body['deviceId']).startsWith('360x') ? 'C' : 'B' },
    });
    await renderApp('/abTest');
    expect((await screen.findByTestId('ab-group')).textContent).toBe('B');
    fireEvent.click(screen.getByRole('button', { name: 'Ask its group' }));
    expect((await screen.findByTestId('ab-other-group')).textContent).toBe('360x800x2 is in group C');
    expect(sent.filter((call) => call.path === 'compare/group/assign').map((call) => call.body['deviceId'])).toContain('360x800x2');
  });

  it('/demo shows the design system and its toasts', async () => {
    await renderApp('/demo');
    fireEvent.click(await screen.findByRole('button', { name: 'Success toast' }));
    expect(ui.toasts.at(-1)).toMatchObject({ tone: 'success', text: 'Copy successfully' });
    expect(screen.getByRole('heading', { name: 'Buttons' })).toBeTruthy();
  });
});
