import { createHash } from 'node:crypto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import { AntiAddictionWatcher } from '../../src/app/AntiAddictionWatcher';
import type { GameListIndex } from '../../src/contract/games';
import type { UserInfo } from '../../src/contract/user';
import { playing } from '../../src/features/casino/playing';
import { initI18n } from '../../src/i18n';
import { registerNavigator } from '../../src/lib/navigation';
import { pay } from '../../src/stores/pay';
import { resetToken, setLogin } from '../../src/stores/session';
import { siteInfo } from '../../src/stores/siteInfo';
import { ui } from '../../src/stores/ui';
import { type Answers, type Sent, stubServer } from './fakeServer';
import { gameEntry } from './gameFixtures';
import { renderApp } from './renderApp';

/**
 * The play pages in the whole app, with the network answering like the server and the static game
 * lists: what the player sees and which calls leave the page with which fields.
 */

const sent: Sent[] = [];
let answers: Answers = {};

const GAMES = [
  gameEntry({}),
  gameEntry({ gameId: 202, gameCode: 'sim_transfer_dragon', gameName: 'Dragon Gold', platformCode: 'SIMTRANSFER', trial: false }),
  gameEntry({
    gameId: 303,
    gameCode: 'sim_bingo_fiesta',
    gameName: 'Fiesta Bingo',
    kind: 'bingo',
    engine: 'bingo',
    category: 27,
    gameType: 'BINGO',
  }),
  gameEntry({ gameId: 404, gameCode: 'sim_roulette', gameName: 'Manila Roulette', platformCode: 'SIMDOWN', kind: 'casino', category: 17 }),
];
const INDEX: GameListIndex = {
  version: 'v1',
  count: GAMES.length,
  chunks: ['/static/games/v1/0.json'],
  platforms: [
    { platformCode: 'SIMSLOTS', name: 'Sim Slots Studio', wallet: 'seamless', maintenance: false },
    { platformCode: 'SIMTRANSFER', name: 'Sim Transfer', wallet: 'transfer', maintenance: false },
    { platformCode: 'SIMDOWN', name: 'Sim Live', wallet: 'seamless', maintenance: true },
  ],
};
const launched = { url: '/sim/games/play/sess-1', currency: 'PHP', expiresAt: '2026-11-23T10:00:00.000Z' };

function logIn() {
  setLogin({ loginName: 'juan01', customerId: '1001', nickName: 'Juan' } as UserInfo, { token: 't', u2token: '' });
}

let online = true;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  sent.length = 0;
  answers = {};
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stubServer(sent, () => answers, { '/static/games/index.json': INDEX, '/static/games/v1/0.json': GAMES });
  resetToken();
  ui.overlays = [];
  ui.toasts = [];
  ui.dialogs = [];
  pay.balance = null;
  playing.game = null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  queryClient.clear();
});

const callsTo = (path: string) => sent.filter((call) => call.path === path);

describe('the game card (/game)', () => {
  it('states the game, its platform, RTP and stakes; a visitor tapping Play is asked to log in first', async () => {
    await renderApp('/game?gameId=101');
    const card = await screen.findByTestId('game-card');
    expect(card.textContent).toContain('Lucky Sampaguita');
    expect(card.textContent).toContain('Sim Slots Studio');
    expect(screen.getByTestId('game-rtp').textContent).toBe('96.00 %');
    expect(card.textContent).toContain('₱1.00');
    expect(card.textContent).toContain('₱5,000.00');
    fireEvent.click(screen.getByTestId('play-real'));
    expect(ui.overlays.at(-1)).toMatchObject({ id: 'login', props: { redirectTo: '/ingame?gameId=101' } });
    expect(callsTo('game/launchGame')).toEqual([]);
  });

  it('says playing needs a connection and disables both buttons offline', async () => {
    online = false;
    await renderApp('/newGame?gameId=101');
    expect((await screen.findByTestId('needs-connection')).textContent).toBe(
      'Playing needs a connection. You can still browse the lobby while offline.',
    );
    expect(screen.getByTestId('play-real').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('play-trial').hasAttribute('disabled')).toBe(true);
  });

  it('says clearly when the game is not in the lists', async () => {
    await renderApp('/newGameV2?gameId=999');
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this game');
  });

  it('sends a player to the transfer page first for a transfer-wallet platform', async () => {
    logIn();
    const router = await renderApp('/game?gameId=202');
    fireEvent.click(await screen.findByTestId('play-real'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/InGameTransfer'));
    expect(router.state.location.search).toMatchObject({ platformCode: 'SIMTRANSFER', gameId: '202' });
  });
});

describe('the launch routes (/newGame, /newGameV2)', () => {
  it('take a logged-in player straight into the game: /newGame by launchGame, /newGameV2 by v2/inGame', async () => {
    logIn();
    const router = await renderApp('/newGame?gameId=101');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ingame'));
    expect(router.state.location.search).toMatchObject({ gameId: '101' });
    cleanup();
    const second = await renderApp('/newGameV2?gameId=101');
    await waitFor(() => expect(second.state.location.pathname).toBe('/ingameV2'));
  });

  it('find the game by the launch’s platformCode and gameCode, and show a visitor its card', async () => {
    const router = await renderApp(`/newGame?platformCode=SIMSLOTS&gameCode=sim_slot_lucky_sampaguita`);
    expect((await screen.findByTestId('game-card')).getAttribute('data-game-id')).toBe('101');
    expect(router.state.location.pathname).toBe('/newGame');
  });
});

describe('the in-game page (/ingame)', () => {
  it("launches with the spec's fields and frames the game's page under the balance", async () => {
    logIn();
    answers['game/launchGame'] = () => ({ body: launched });
    answers['customer/getBalanceV3'] = () => ({
      body: { balance: 123_456, bonusBalance: 0, sabaBalance: 0, totalBalance: 123_456, balanceFlag: 1 },
    });
    await renderApp('/ingame?gameId=101');
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe('/sim/games/play/sess-1');
    expect(frame.getAttribute('allow')).toContain('fullscreen');
    expect(callsTo('game/launchGame')[0]?.body).toMatchObject({
      gameId: 101,
      gameCode: 'sim_slot_lucky_sampaguita',
      platformCode: 'SIMSLOTS',
      gameName: 'Lucky Sampaguita',
      gameType: 'SLOT',
      callbackPath: '/games/slot',
      lang: 'en',
      isWithTransfer: false,
      platformCurrency: 'PHP',
    });
    await waitFor(() => expect(screen.getByTestId('game-balance').textContent).toBe('₱1,234.56'));
    expect(playing.game).toMatchObject({ gameId: 101, category: 5, callbackPath: '/games/slot' });
  });

  it("goes back to the game's lobby when the game asks to close, and refreshes the balance when it asks", async () => {
    logIn();
    answers['game/launchGame'] = () => ({ body: launched });
    let balance = 100_000;
    answers['customer/getBalanceV3'] = () => ({
      body: { balance, bonusBalance: 0, sabaBalance: 0, totalBalance: balance, balanceFlag: 1 },
    });
    const router = await renderApp('/ingame?gameId=101');
    const frame = (await screen.findByTestId('game-frame')) as HTMLIFrameElement;
    await waitFor(() => expect(screen.getByTestId('game-balance').textContent).toBe('₱1,000.00'));
    balance = 98_750;
    const post = (data: unknown, source: MessageEventSource | null) =>
      act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin, source })));
    // Another window cannot drive the page.
    await post({ type: 'panalo:close' }, window);
    expect(router.state.location.pathname).toBe('/ingame');
    await post({ type: 'panalo:balance' }, frame.contentWindow);
    await waitFor(() => expect(screen.getByTestId('game-balance').textContent).toBe('₱987.50'));
    await post({ type: 'panalo:close' }, frame.contentWindow);
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/slot'));
    await waitFor(() => expect(playing.game).toBeNull());
  });

  it('shows a full table in place (GW_510520), not as a toast, and can try again', async () => {
    logIn();
    let full = true;
    answers['game/launchGame'] = () =>
      full ? { errCode: 'GW_510520', errMsg: 'Massive fanatics are waiting, please try again!' } : { body: launched };
    await renderApp('/ingame?gameId=101');
    expect((await screen.findByRole('alert')).textContent).toContain('Massive fanatics are waiting, please try again!');
    expect(ui.toasts).toEqual([]);
    full = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe('/sim/games/play/sess-1');
  });

  it('says a platform is under maintenance (GW_800481) and a provider down (GW_800482)', async () => {
    logIn();
    answers['game/launchGame'] = () => ({ errCode: 'GW_800481', errMsg: 'maintenance' });
    await renderApp('/ingame?gameId=101');
    expect((await screen.findByRole('alert')).textContent).toContain('under maintenance');
    cleanup();
    queryClient.clear();
    answers['game/launchGame'] = () => ({ errCode: 'GW_800482', errMsg: 'down' });
    await renderApp('/glifeingame?gameId=101');
    expect((await screen.findByRole('alert')).textContent).toContain('cannot be reached right now');
  });

  it('opens the KYC dialog when real-money play needs verification (GW_800460)', async () => {
    logIn();
    answers['game/launchGame'] = () => ({ errCode: 'GW_800460', errMsg: 'Please verify your identity first.' });
    await renderApp('/ingame?gameId=101');
    expect((await screen.findByRole('alert')).textContent).toContain('Verify your identity to play with real money.');
    expect(ui.overlays.at(-1)).toMatchObject({ id: 'forcedKyc', props: { need: 'deadline', path: 'game/launchGame' } });
  });

  it('goes through /InGameTransfer for a transfer-wallet game before launching', async () => {
    logIn();
    answers['game/queryTransferBalance'] = () => ({ body: { platformCode: 'SIMTRANSFER', transferBalance: 0 } });
    const router = await renderApp('/ingame?gameId=202');
    await waitFor(() => expect(router.state.location.pathname).toBe('/InGameTransfer'));
    expect(callsTo('game/launchGame')).toEqual([]);
  });

  it('launches /ingameV2 from the game id alone', async () => {
    logIn();
    answers['game/v2/inGame'] = () => ({ body: { ...launched, game: GAMES[0], wallet: 'seamless', transferBalance: null } });
    await renderApp('/ingameV2?gameId=101');
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe('/sim/games/play/sess-1');
    expect(callsTo('game/v2/inGame')[0]?.body).toMatchObject({ gameId: 101, lang: 'en', callbackPath: '/games/slot' });
  });
});

describe('trial play (/trial)', () => {
  it('plays with play money for a visitor, under a bar that says so', async () => {
    answers['game/trialGame'] = () => ({ body: { ...launched, url: '/sim/games/play/demo-1', currency: 'XXX' } });
    await renderApp('/trial?gameId=101');
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe('/sim/games/play/demo-1');
    expect(screen.getByTestId('play-money').textContent).toBe('Play money');
    expect(screen.queryByTestId('game-balance')).toBeNull();
    expect(playing.game).toBeNull();
  });
});

describe('transfers (/InGameTransfer)', () => {
  it('moves an amount in with an idempotency key, keeps the key while pending, then starts the game', async () => {
    logIn();
    pay.balance = 200_000;
    let status: 'pending' | 'done' = 'pending';
    answers['customer/getBalanceV3'] = () => ({
      body: { balance: 200_000, bonusBalance: 0, sabaBalance: 0, totalBalance: 200_000, balanceFlag: 1 },
    });
    answers['game/queryTransferBalance'] = () => ({ body: { platformCode: 'SIMTRANSFER', transferBalance: 0 } });
    answers['game/transferIn'] = (body) => ({
      body: { platformCode: 'SIMTRANSFER', amount: body['amount'], status, transferBalance: status === 'done' ? 50_000 : null },
    });
    const router = await renderApp('/InGameTransfer?platformCode=SIMTRANSFER&gameId=202');
    await waitFor(() => expect(screen.getByTestId('platform-balance').textContent).toBe('₱0.00'));
    fireEvent.click(screen.getByRole('button', { name: '₱500' }));
    fireEvent.click(screen.getByTestId('transfer-in'));
    expect((await screen.findByTestId('transfer-pending')).textContent).toContain('₱500.00');
    status = 'done';
    fireEvent.click(screen.getByRole('button', { name: 'Check the transfer again' }));
    await waitFor(() => expect(screen.getByTestId('platform-balance').textContent).toBe('₱500.00'));
    expect(screen.getByTestId('transfer-done').textContent).toBe('₱500.00 moved into the game.');
    expect(screen.queryByRole('alert')).toBeNull();
    const [first, second] = callsTo('game/transferIn');
    expect(first?.body).toMatchObject({ platformCode: 'SIMTRANSFER', amount: 50_000 });
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    fireEvent.click(screen.getByTestId('start-game'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ingame'));
    expect(router.state.location.search).toMatchObject({ gameId: '202', via: 'transfer' });
  });

  it('stops an amount above the main balance on the page', async () => {
    logIn();
    pay.balance = 10_000;
    answers['customer/getBalanceV3'] = () => ({
      body: { balance: 10_000, bonusBalance: 0, sabaBalance: 0, totalBalance: 10_000, balanceFlag: 1 },
    });
    answers['game/queryTransferBalance'] = () => ({ body: { platformCode: 'SIMTRANSFER', transferBalance: 0 } });
    await renderApp('/InGameTransfer?platformCode=SIMTRANSFER&gameId=202');
    fireEvent.change(await screen.findByLabelText('Amount to move in (₱)'), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('transfer-in'));
    expect((await screen.findByRole('alert')).textContent).toBe('That is more than your main balance.');
    expect(callsTo('game/transferIn')).toEqual([]);
  });

  it('brings everything back with amount 0', async () => {
    logIn();
    answers['game/queryTransferBalance'] = () => ({ body: { platformCode: 'SIMTRANSFER', transferBalance: 30_000 } });
    answers['game/transferOut'] = () => ({ body: { platformCode: 'SIMTRANSFER', amount: 30_000, status: 'done', transferBalance: 0 } });
    await renderApp('/InGameTransfer?platformCode=SIMTRANSFER&gameId=202');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer all back' }));
    expect((await screen.findByTestId('transfer-done')).textContent).toBe('₱300.00 moved back to your main balance.');
    expect(callsTo('game/transferOut')[0]?.body).toMatchObject({ platformCode: 'SIMTRANSFER', amount: 0 });
  });
});

const round = {
  roundId: 'r-1',
  gameId: 101,
  // The record's own name; the pages show the lobby's name of the game.
  gameName: 'sim_slot_lucky_sampaguita',
  platformCode: 'SIMSLOTS',
  category: 5,
  startedAt: '2026-11-23T08:00:00.000Z',
  status: 'settled',
  bet: 1_000,
  win: 2_500,
  net: 1_500,
};

describe('game records', () => {
  it('are a Games tab of /record with the totals of the range and a category filter', async () => {
    logIn();
    answers['game/queryGameRecords'] = (body) => ({
      body:
        body['category'] === 3
          ? { list: [], total: 0, totalBet: 0, totalWin: 0 }
          : { list: [round], total: 1, totalBet: 1_000, totalWin: 2_500 },
    });
    answers['transactionRecord/queryCustBill'] = () => ({ body: { list: [], total: 0 } });
    const router = await renderApp('/record');
    fireEvent.click(await screen.findByRole('button', { name: 'Games' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'games' }));
    expect((await screen.findByTestId('game-record-totals')).textContent).toContain('Bet ₱10.00 · Won ₱25.00 · Net ₱15.00');
    expect(screen.getByTestId('game-round').textContent).toContain('+₱15.00');
    await waitFor(() => expect(screen.getByTestId('game-round').textContent).toContain('Lucky Sampaguita'));
    const [call] = callsTo('game/queryGameRecords');
    expect(call?.body).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(call?.body['category']).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '3' } });
    expect(await screen.findByText('No game rounds in this period.')).toBeTruthy();
    expect(callsTo('game/queryGameRecords').at(-1)?.body).toMatchObject({ category: 3 });
  });

  it("show one round's transactions and verify its seed in the browser", async () => {
    logIn();
    const seed = 'a3f9c2d1e0b4a5968778695a4b3c2d1e';
    const hash = createHash('sha256').update(seed).digest('hex');
    let shownHash = hash;
    answers['game/gameRecordDetail'] = () => ({
      body: {
        round,
        transactions: [
          { kind: 'bet', amount: 1_000, at: round.startedAt, transactionId: 'tx-bet-1' },
          { kind: 'win', amount: 2_500, at: round.startedAt, transactionId: 'tx-win-1' },
        ],
        proof: { serverSeedHash: shownHash, serverSeed: seed, clientSeed: 'client-1', nonce: 7, outcome: 'Reels 3-7-1-9-4' },
      },
    });
    await renderApp('/gameRecordDetail?roundId=r-1');
    expect((await screen.findByTestId('round-net')).textContent).toBe('+₱15.00');
    expect(screen.getAllByTestId('round-transaction')).toHaveLength(2);
    expect(screen.getByTestId('round-proof').textContent).toContain('Reels 3-7-1-9-4');
    fireEvent.click(screen.getByTestId('verify-round'));
    expect((await screen.findByTestId('proof-verdict')).textContent).toMatch(/^Verified/);

    cleanup();
    queryClient.clear();
    shownHash = createHash('sha256').update('another seed').digest('hex');
    await renderApp('/gameRecordDetail?roundId=r-1');
    fireEvent.click(await screen.findByTestId('verify-round'));
    expect((await screen.findByTestId('proof-verdict')).textContent).toMatch(/^Does not match/);
  });
});

describe('/bingo_gamezone', () => {
  it('lists the bingo rooms, each opening its game card', async () => {
    await renderApp('/bingo_gamezone');
    const rooms = await screen.findAllByTestId('bingo-room');
    expect(rooms.map((room) => room.textContent)).toEqual(['Fiesta BingoCards from ₱1.00']);
    expect(rooms[0]?.getAttribute('href')).toBe('/game?gameId=303');
  });
});

describe('the anti-addiction reminder', () => {
  it('reminds every interval of the category with the time played and the net, then Continue or Leave game', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const went: string[] = [];
    registerNavigator((href) => void went.push(href));
    siteInfo.data = { ...siteInfo.data, antiAddiction: { '5': { remindEveryMinutes: 60 } } } as typeof siteInfo.data;
    logIn();
    answers['game/playSummary'] = () => ({
      body: { category: 5, since: '2026-11-23T08:00:00.000Z', playedMs: 3_600_000, rounds: 40, net: -12_000 },
    });
    playing.game = { gameId: 101, gameName: 'Lucky Sampaguita', category: 5, callbackPath: '/games/slot', startedAt: Date.now() };
    render(<AntiAddictionWatcher />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(59 * 60_000)));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('You have played for 1 h 00 min. Net result: -₱120.00');
    expect(callsTo('game/playSummary')[0]?.body).toMatchObject({ category: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(60 * 60_000)));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    fireEvent.click(screen.getByRole('button', { name: 'Leave game' }));
    expect(went).toEqual(['/games/slot']);
    expect(callsTo('game/playSummary')).toHaveLength(2);
  });

  it('stays quiet for a category without reminders', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    siteInfo.data = { ...siteInfo.data, antiAddiction: { '5': { remindEveryMinutes: 0 } } } as typeof siteInfo.data;
    playing.game = { gameId: 101, gameName: 'Lucky Sampaguita', category: 5, callbackPath: '/games/slot', startedAt: Date.now() };
    render(<AntiAddictionWatcher />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(5 * 60 * 60_000)));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('game/playSummary')).toEqual([]);
  });
});
