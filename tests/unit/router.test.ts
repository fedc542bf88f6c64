import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import { createAppRouter } from '../../src/app/router';
import type { BetOrder } from '../../src/contract/betOrder';
import type { UserInfo } from '../../src/contract/user';
import { betSlip } from '../../src/features/betslip/store';
import { initI18n } from '../../src/i18n';
import { origin } from '../../src/stores/origin';
import { preferences } from '../../src/stores/preferences';
import { resetToken, session, setLogin } from '../../src/stores/session';
import { ui } from '../../src/stores/ui';

/** The real route tree and guards, driven through an in-memory address bar. */
/** The routes' data starts with the route, from its owner's chunk (routes/prefetch): lets what it would start, start. */
async function routeDataSettled(): Promise<void> {
  const { PREFETCH_MODULES } = await import('../../src/app/routes/prefetch');
  await Promise.all(Object.values(PREFETCH_MODULES).map((load) => load()));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

async function open(path: string) {
  const router = createAppRouter(() => Promise.resolve(), { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return router;
}

/** A page reached from another (the first page of a visit asks for its own data: see below). */
async function visit(path: string) {
  const router = await open('/faq');
  await router.navigate({ href: path });
  return router;
}

const user: UserInfo = {
  loginName: 'juan01',
  customerId: '1001',
  nickName: 'Juan',
  avatar: '',
  product: 'C66',
  oddsType: 3,
  isFromGlife: false,
  isFromLazada: false,
  mobileNo: '+63 917 *** 4567',
  firstDepositDate: null,
  firstDepositFlag: false,
  missNum: 0,
  email: '',
  realName: '',
  address: '',
  ids: [],
  giftCard: '',
  withdrewPwd: false,
  bindType: undefined,
  birthday: '1990-05-15',
  gender: null,
};

const order = { uid: 'o1', matchId: 'm1', marketId: 'k1' } as BetOrder;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetToken();
  ui.overlays = [];
  ui.toasts = [];
  ui.currentRouteName = '';
  preferences.defaultTab = 'foryou';
  betSlip.orders = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** The validated search of the page the router landed on (what the page receives as props). */
function pageSearch(router: Awaited<ReturnType<typeof open>>) {
  return router.state.matches.at(-1)?.search;
}

/** Calls the server has been asked for, by query key (the loaders start them before the page renders). */
function requested(...queryKey: unknown[]): boolean {
  return queryClient.getQueryState(queryKey) !== undefined;
}

describe('the router with its guards', () => {
  it('opens / on the default tab, For You', async () => {
    const router = await open('/');
    expect(router.state.location.pathname).toBe('/foryou');
    expect(document.title).toBe('For You · Panalo');
  });

  it('opens / on the saved default tab', async () => {
    preferences.defaultTab = 'sports';
    const router = await open('/');
    expect(router.state.location.pathname).toBe('/sports');
  });

  it('sends an unknown path to /', async () => {
    const router = await open('/this/does/not/exist');
    expect(router.state.location.pathname).toBe('/foryou');
  });

  it('sends a visitor on a login-required page home with the login dialog open', async () => {
    const router = await open('/betRecord');
    expect(router.state.location.pathname).toBe('/foryou');
    expect(ui.overlays).toEqual([{ id: 'login', props: { type: 'sms', tabsDisabled: false, redirectTo: '/betRecord' } }]);
  });

  it('lets a logged-in player open a login-required page, with its title from the route metadata', async () => {
    setLogin(user, { token: 't', u2token: '' });
    const router = await open('/betRecord');
    expect(router.state.location.pathname).toBe('/betRecord');
    expect(document.title).toBe('My Bets · Panalo');
  });

  it('matches paths regardless of case (/MayaAccount is /mayaAccount)', async () => {
    const router = await open('/MayaAccount');
    expect(router.state.matches.at(-1)?.staticData.route?.name).toBe('MayaStart');
  });

  it('redirects /MyMessage to /messages and /wallet to /wallet/deposit', async () => {
    setLogin(user, { token: 't', u2token: '' });
    expect((await open('/MyMessage')).state.location.pathname).toBe('/messages');
    expect((await open('/wallet')).state.location.pathname).toBe('/wallet/deposit');
  });

  it('sends /games and an unknown game kind to the first kind', async () => {
    expect((await open('/games')).state.location.pathname).toBe('/games/slot');
    expect((await open('/games/lottery')).state.location.pathname).toBe('/games/slot');
    expect((await open('/games/poker')).state.location.pathname).toBe('/games/poker');
  });

  it('keeps query values as text (a leading zero or a long ticket survives)', async () => {
    origin.acquisition = {};
    const router = await open('/foryou?clickid=00123&subid=12345678901234567890');
    expect(origin.acquisition).toEqual({ clickid: '00123', subid: '12345678901234567890' });
    expect(router.state.location.search).toEqual({ clickid: '00123', subid: '12345678901234567890' });
  });

  it('logs in with a ticket from the address and removes it', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ head: { errCode: '0000', errMsg: '' }, body: { webToken: { token: 'tk', u2token: '' }, userInfo: user } }),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = await open('/betRecord?ticket=T-77&zoneid=9');
    // The page's loader may already be fetching My Bets: count the ticket logins only.
    const logins = (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url.includes('getH5TokenByTempTicket'));
    expect(logins).toHaveLength(1);
    expect(JSON.parse(String(logins[0]?.[1].body))).toMatchObject({ ticket: 'T-77' });
    expect(session.user?.loginName).toBe('juan01');
    expect(router.state.location.pathname).toBe('/betRecord');
    expect(router.state.location.search).toEqual({ zoneid: '9' });
  });

  it('clears the bet slip when leaving the sports, foryou and live-game routes, and only then', async () => {
    const router = await open('/sports');
    betSlip.orders = [order];
    await router.navigate({ to: '/foryou' });
    expect(betSlip.orders).toHaveLength(1);
    await router.navigate({ href: '/liveSportGameV3/chat' });
    expect(betSlip.orders).toHaveLength(1);
    await router.navigate({ to: '/faq' });
    expect(betSlip.orders).toHaveLength(0);
  });

  it('remembers the previous route', async () => {
    const router = await open('/sports');
    await router.navigate({ to: '/faq' });
    expect(ui.previousPath).toBe('/sports');
  });
});

describe('search and data of the routes', () => {
  beforeEach(() => {
    // Loaders fetch ahead; the server never answers here, the tests look at what was asked for.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
  });

  it("reads the search with the very schema the router validates with, and names each route's prefetches where they are", async () => {
    const { ROUTES_WITH_DATA } = await import('../../src/app/routes/data');
    const { PREFETCH_MODULES } = await import('../../src/app/routes/prefetch');
    const { ROUTE_SEARCH } = await import('../../src/app/routes/search');
    const { ROUTES } = await import('../../src/app/routes/table');
    expect(Object.keys(PREFETCH_MODULES).sort()).toEqual(Object.keys(ROUTES_WITH_DATA).sort());
    let withSearch = 0;
    for (const [owner, load] of Object.entries(PREFETCH_MODULES)) {
      const { ROUTE_DATA } = await load();
      // Each owner's chunk holds the prefetches of the routes the shell lists for it, and they are its routes.
      expect(Object.keys(ROUTE_DATA).sort(), owner).toEqual([...(ROUTES_WITH_DATA[owner as keyof typeof ROUTES_WITH_DATA] ?? [])].sort());
      for (const [name, data] of Object.entries(ROUTE_DATA)) {
        expect(ROUTES.find((route) => route.name === name)?.owner, name).toBe(owner);
        if (!data?.search) continue;
        withSearch += 1;
        expect(ROUTE_SEARCH[name as keyof typeof ROUTE_SEARCH], name).toBe(data.search);
      }
    }
    expect(withSearch).toBeGreaterThan(15);
  });

  it('hands the page its search validated by the route, as text', async () => {
    expect(pageSearch(await open('/sports?mode=early&sportId=9&dateId=2026-11-24'))).toMatchObject({
      mode: 'early',
      sportId: '9',
      dateId: '2026-11-24',
    });
    setLogin(user, { token: 't', u2token: '' });
    expect(pageSearch(await open('/history-detail?transId=012345678901234567890'))).toMatchObject({ transId: '012345678901234567890' });
    expect(pageSearch(await open('/liveSportGameV3/chat?matchId=0917'))).toMatchObject({ matchId: '0917' });
  });

  it('reads a value the page cannot use as absent, and leaves the address alone', async () => {
    const sports = await open('/sports?mode=yesterday&sportId=99&zoneid=9');
    expect(pageSearch(sports)).toMatchObject({ mode: undefined, sportId: undefined });
    expect(sports.state.location.search).toEqual({ mode: 'yesterday', sportId: '99', zoneid: '9' });
    setLogin(user, { token: 't', u2token: '' });
    expect(pageSearch(await open('/MessageDetails?id=-4'))).toMatchObject({ id: undefined });
    expect(pageSearch(await open('/MessageDetails?id=12'))).toMatchObject({ id: '12' });
    expect(pageSearch(await open('/login?redirect=//elsewhere.example/x'))).toMatchObject({ redirect: undefined });
    expect(pageSearch(await open('/maintenance?offline=1&from=%2F%2Felsewhere.example'))).toMatchObject({ offline: '1', from: undefined });
    expect(pageSearch(await open('/maintenance?offline=1&from=%2Ffaq'))).toMatchObject({ offline: '1', from: '/faq' });
  });

  it('starts the data of a page with its route, not after its chunk', async () => {
    setLogin(user, { token: 't', u2token: '' });
    await visit('/history-detail?transId=T-1001');
    await vi.waitFor(() => expect(requested('tp', 'saba/queryTicketByTransId', 'T-1001')).toBe(true));
    await visit('/MessageDetails?id=12');
    await vi.waitFor(() => expect(requested('main', 'message/detail', 12)).toBe(true));
    await visit('/sports?mode=outright&sportId=2');
    await vi.waitFor(() => expect(requested('tp', 'saba/sportSwitch')).toBe(true));
    await vi.waitFor(() => expect(requested('tp', 'saba/queryOutrights', '2')).toBe(true));
    await visit('/faq/how-to-play-live-streaming');
    await vi.waitFor(() => expect(requested('doc', 'how-to-play-live-streaming', 'en')).toBe(true));
    await visit('/liscence');
    await vi.waitFor(() => expect(requested('doc', 'license', 'en')).toBe(true));
    await visit('/myAddress');
    await vi.waitFor(() => expect(requested('main', 'customer/addressList')).toBe(true));
  });

  it('does not open a message on hover: reading marks it read', async () => {
    setLogin(user, { token: 't', u2token: '' });
    const router = await open('/messages');
    await router.preloadRoute({ href: '/MessageDetails?id=7' } as never);
    await routeDataSettled();
    expect(requested('main', 'message/detail', 7)).toBe(false);
    await router.navigate({ href: '/MessageDetails?id=7' });
    await vi.waitFor(() => expect(requested('main', 'message/detail', 7)).toBe(true));
  });

  it("starts the first page's data with its route too, as the page's own chunk loads (a page opened from a link)", async () => {
    setLogin(user, { token: 't', u2token: '' });
    await open('/history-detail?transId=T-1001');
    await vi.waitFor(() => expect(requested('tp', 'saba/queryTicketByTransId', 'T-1001')).toBe(true));
    await open('/wallet/deposit');
    await vi.waitFor(() => expect(requested('main', 'deposit/queryPayWays')).toBe(true));
  });

  it('fetches nothing for a visitor sent away from a login-required page', async () => {
    await visit('/history-detail?transId=T-1001');
    await routeDataSettled();
    expect(requested('tp', 'saba/queryTicketByTransId', 'T-1001')).toBe(false);
  });
});
