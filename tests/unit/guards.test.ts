import { describe, expect, it } from 'vitest';
import { type GuardState, type MatchedRoute, type Search, decide } from '../../src/app/routes/guards';
import { REDIRECTS, ROUTES, type RouteDef, routesFor } from '../../src/app/routes/table';

/** The route table entry for a name, as the router hands it to the guards. */
function route(name: string, params: Record<string, string> = {}): MatchedRoute {
  const def = (ROUTES as readonly RouteDef[]).find((r) => r.name === name);
  if (!def) throw new Error(`no route ${name}`);
  return { def, params };
}

function redirectRoute(from: string): MatchedRoute {
  return { def: { name: `redirect:${from}`, path: from }, params: {} };
}

function state(overrides: Partial<GuardState> = {}): GuardState {
  return {
    partner: undefined,
    isNativeApp: false,
    inFrame: false,
    loggedIn: false,
    user: undefined,
    site: { pagcorVersion: false, gameList: 1, PHONE_BIND_SWITCH: [] },
    kyc: undefined,
    defaultTab: 'foryou',
    ...overrides,
  };
}

const player = { loggedIn: true, user: { mobileNo: '+63 917 *** 4567', bindType: undefined } } as const;

function go(pathname: string, matched: MatchedRoute | undefined, s: GuardState, search: Search = {}) {
  return decide({ pathname, search }, matched, s);
}

describe('login required (spec §2)', () => {
  it('sends a visitor home and opens the login dialog, remembering where they were going', () => {
    const decision = go('/wallet/withdraw', route('WalletWithdraw'), state());
    expect(decision.redirect).toEqual({ to: '/' });
    expect(decision.effects).toContainEqual({ type: 'openLogin', redirectTo: '/wallet/withdraw' });
  });

  it('sends the visitor to the games page when the site game-list setting is 5', () => {
    const decision = go('/betRecord', route('betRecord'), state({ site: { pagcorVersion: false, gameList: 5, PHONE_BIND_SWITCH: [] } }));
    expect(decision.redirect).toEqual({ to: '/games/slot' });
    expect(decision.effects.some((e) => e.type === 'openLogin')).toBe(true);
  });

  it('sends an error-back signal instead of the login dialog in the native app', () => {
    const decision = go('/betRecord', route('betRecord'), state({ isNativeApp: true }));
    expect(decision.effects).toContainEqual({ type: 'nativeErrorBack', reason: 'loginRequired' });
    expect(decision.effects.some((e) => e.type === 'openLogin')).toBe(false);
  });

  it('treats an os parameter on the same address as the native app', () => {
    const decision = go('/betRecord', route('betRecord'), state(), { os: 'android' });
    expect(decision.effects).toContainEqual({ type: 'nativeErrorBack', reason: 'loginRequired' });
  });

  it('lets a logged-in player through', () => {
    expect(go('/wallet/withdraw', route('WalletWithdraw'), state(player)).redirect).toBeUndefined();
  });

  it('protects only the campaign children the spec names (mask collection and prizes, not rules)', () => {
    const masskara = (ROUTES as readonly RouteDef[]).find((r) => r.name === 'masskara');
    const needLogin = masskara?.children?.filter((c) => c.loginRequired).map((c) => c.path);
    expect(needLogin).toEqual(['mask-collection', 'my-prizes']);
  });
});

describe('regulator-compliant version (PAGCOR)', () => {
  const pagcor = { site: { pagcorVersion: true, gameList: 1, PHONE_BIND_SWITCH: [] } };
  it('redirects a hidden page to /', () => {
    expect(go('/agency-benefits', route('agency-benefits'), state(pagcor)).redirect).toEqual({ to: '/' });
  });
  it('leaves hidden pages reachable when the version is off', () => {
    expect(go('/agency-benefits', route('agency-benefits'), state()).redirect).toBeUndefined();
  });
  it('does not hide pages that are not flagged', () => {
    expect(go('/faq', route('faq'), state(pagcor)).redirect).toBeUndefined();
  });
});

describe('unknown paths', () => {
  it('redirect to /', () => {
    expect(go('/no/such/page', undefined, state()).redirect).toEqual({ to: '/' });
  });
});

describe('partner deposit pages', () => {
  it('sends /wallet/deposit to /mayaAccount on a maya host', () => {
    expect(go('/wallet/deposit', route('WalletDeposit'), state({ ...player, partner: 'maya' })).redirect).toEqual({ to: '/mayaAccount' });
  });
  it('sends /wallet/deposit to /mayaAccount for maya bind type 6 on any host', () => {
    const mayaBound = { loggedIn: true, user: { mobileNo: '+63 917 *** 4567', bindType: 6 } };
    expect(go('/wallet/deposit', route('WalletDeposit'), state(mayaBound)).redirect).toEqual({ to: '/mayaAccount' });
  });
  it('sends /wallet/deposit to /miniAccount on a lazada host', () => {
    expect(go('/wallet/deposit', route('WalletDeposit'), state({ ...player, partner: 'lazada' })).redirect).toEqual({ to: '/miniAccount' });
  });
  it('keeps /wallet/deposit on the product’s own host', () => {
    expect(go('/wallet/deposit', route('WalletDeposit'), state(player)).redirect).toBeUndefined();
  });
});

describe('method=dp and method=cs', () => {
  it('method=dp opens the wallet deposit page in a browser', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { method: 'dp', zoneid: '7' });
    expect(decision.redirect).toEqual({ to: '/wallet', search: { zoneid: '7' } });
  });
  it('method=dp inside a partner frame messages the parent window and stays', () => {
    const decision = go('/foryou', route('Home_foryou'), state({ inFrame: true }), { method: 'dp' });
    expect(decision.effects).toContainEqual({ type: 'depositToParent' });
    expect(decision.redirect).toEqual({ to: '/foryou', search: {} });
  });
  it('method=dp in the native app opens the app deposit page', () => {
    expect(go('/foryou', route('Home_foryou'), state({ isNativeApp: true }), { method: 'dp' }).redirect?.to).toBe('/wallet-deposit-app');
  });
  it('method=cs goes to /ocssLdpage', () => {
    expect(go('/sports', route('Home_sports'), state(), { method: 'cs' }).redirect).toEqual({ to: '/ocssLdpage', search: {} });
  });
});

describe('logins in the address', () => {
  it('a ticket triggers ticket login and leaves the address', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { ticket: '12345678901234567890', zoneid: 'z' });
    expect(decision.effects).toContainEqual({ type: 'ticketLogin', ticket: '12345678901234567890', loginName: undefined });
    expect(decision.redirect).toEqual({ to: '/foryou', search: { zoneid: 'z' } });
  });
  it('tempTicket and loginName log the partner user in and are removed from the address', () => {
    const decision = go('/sports', route('Home_sports'), state(), { tempTicket: 't-1', loginName: 'juan01', mode: 'live' });
    expect(decision.effects).toContainEqual({ type: 'partnerAutoLogin', tempTicket: 't-1', loginName: 'juan01' });
    expect(decision.redirect).toEqual({ to: '/sports', search: { mode: 'live' } });
  });
  it('sessionId and relogin log the messaging-bot user in and are removed', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { sessionId: 's-9', relogin: '1' });
    expect(decision.effects).toContainEqual({ type: 'botLogin', sessionId: 's-9', relogin: '1' });
    expect(decision.redirect).toEqual({ to: '/foryou', search: {} });
  });
});

describe('other query parameters', () => {
  it("expiredRoute=true shows 'Route has been expired.' once and is removed", () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { expiredRoute: 'true' });
    expect(decision.effects).toContainEqual({ type: 'toast', message: 'routeExpired' });
    expect(decision.redirect).toEqual({ to: '/foryou', search: {} });
  });
  it('expiredRoute other than true shows nothing', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { expiredRoute: 'false' });
    expect(decision.effects).not.toContainEqual({ type: 'toast', message: 'routeExpired' });
  });
  it('isFrom, FromGlife and os are remembered for the session', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { isFrom: 'Lazada', FromGlife: '1', os: 'ios' });
    expect(decision.effects).toContainEqual({ type: 'rememberOrigin', isFrom: 'Lazada', fromGlife: true, os: 'ios' });
    expect(decision.redirect).toBeUndefined();
  });
  it('inside a super-app frame a visitor is logged in by its own host: GCash for Glife, Lazada for Lazada', () => {
    const lazada = go('/', route('Home'), state({ inFrame: true }), { isFrom: 'Lazada' });
    expect(lazada.effects).toContainEqual({ type: 'hostLogin', host: 'lazada' });
    const glife = go('/', route('Home'), state({ inFrame: true }), { isFrom: 'Glife' });
    expect(glife.effects).toContainEqual({ type: 'hostLogin', host: 'gcash' });
    // Not framed (a plain browser), already logged in, or with a bot session: no host login.
    expect(go('/', route('Home'), state(), { isFrom: 'Lazada' }).effects.some((e) => e.type === 'hostLogin')).toBe(false);
    expect(
      go('/', route('Home'), state({ inFrame: true, ...player }), { isFrom: 'Lazada' }).effects.some((e) => e.type === 'hostLogin'),
    ).toBe(false);
    expect(
      go('/', route('Home'), state({ inFrame: true }), { isFrom: 'Lazada', sessionId: 'abcdefgh12' }).effects.some(
        (e) => e.type === 'hostLogin',
      ),
    ).toBe(false);
  });
  it('platformId, gameId and type are remembered and stay in the address for the game page', () => {
    const decision = go('/game', route('game'), state(), { platformId: 'JILI', gameId: '77', type: '5' });
    expect(decision.effects).toContainEqual({ type: 'rememberGameEntry', platformId: 'JILI', gameId: '77', gameType: '5' });
    expect(decision.redirect).toBeUndefined();
  });
  it('invite ids are kept for the first registration', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), {
      inviteFromCustomerId: '42',
      inviteFromLoginName: 'ana',
      inviteTempleId: '3',
    });
    expect(decision.effects).toContainEqual({
      type: 'rememberInvite',
      params: { inviteFromCustomerId: '42', inviteFromLoginName: 'ana', inviteTempleId: '3' },
    });
  });
  it('acquisition parameters are kept for the session', () => {
    const decision = go('/foryou', route('Home_foryou'), state(), { clickid: 'abc', subid: 's1', other: 'x' });
    expect(decision.effects).toContainEqual({ type: 'rememberAcquisition', params: { clickid: 'abc', subid: 's1' } });
  });
});

describe('PHONE_BIND_SWITCH', () => {
  const on = { pagcorVersion: false, gameList: 1, PHONE_BIND_SWITCH: [{ productModule: 'H5', productType: 'AP', switch: true }] };
  const noPhone = { loggedIn: true, user: { mobileNo: '', bindType: undefined } };
  it('forces a logged-in player without a phone to /setPhone when on for H5', () => {
    expect(go('/foryou', route('Home_foryou'), state({ ...noPhone, site: on })).redirect).toEqual({ to: '/setPhone' });
  });
  it('does nothing when the switch is off for H5', () => {
    const offForH5 = { ...on, PHONE_BIND_SWITCH: [{ productModule: 'APP', productType: 'AP', switch: true }] };
    expect(go('/foryou', route('Home_foryou'), state({ ...noPhone, site: offForH5 })).redirect).toBeUndefined();
  });
  it('does nothing for a player with a phone', () => {
    expect(go('/foryou', route('Home_foryou'), state({ ...player, site: on })).redirect).toBeUndefined();
  });
  it('lets the player stay on the set-phone page', () => {
    expect(go('/setPhone', route('SetPhone'), state({ ...noPhone, site: on })).redirect).toBeUndefined();
  });
});

describe('forced new-user eKYC', () => {
  const forced = (ekycStatus: number) => state({ ...player, kyc: { forceNewUserEkycSwitch: true, ekycStatus } });
  it.each([-1, 4])('status %i goes to /EKYCAutomation', (status) => {
    expect(go('/sports', route('Home_sports'), forced(status)).redirect).toEqual({ to: '/EKYCAutomation' });
  });
  it.each([0, 2, 3])('status %i goes to /KycResult', (status) => {
    expect(go('/sports', route('Home_sports'), forced(status)).redirect).toEqual({ to: '/KycResult' });
  });
  it('an approved player (1) goes where they asked', () => {
    expect(go('/sports', route('Home_sports'), forced(1)).redirect).toBeUndefined();
  });
  it.each(['EKYCAutomation', 'ekyc-zolos', 'kyc-information', 'KycResult'])('%s stays reachable during it', (name) => {
    expect(go(`/${name}`, route(name), forced(-1)).redirect).toBeUndefined();
  });
  it('does nothing when the switch is off', () => {
    expect(
      go('/sports', route('Home_sports'), state({ ...player, kyc: { forceNewUserEkycSwitch: false, ekycStatus: -1 } })).redirect,
    ).toBeUndefined();
  });
});

describe('home, tabs and plain redirects', () => {
  it('/ goes to the default tab, foryou', () => {
    expect(go('/', route('Home'), state()).redirect).toEqual({ to: '/foryou', search: {} });
  });
  it('/ goes to the saved default tab', () => {
    expect(go('/', route('Home'), state({ defaultTab: 'sports' })).redirect).toEqual({ to: '/sports', search: {} });
  });
  it.each([
    ['maya', '/mayaAccount'],
    ['lazada', '/miniAccount'],
    ['glife', '/miniAccount'],
  ] as const)('/ on a %s mini-app host goes to its own home', (partner, home) => {
    expect(go('/', route('Home'), state({ partner })).redirect?.to).toBe(home);
  });
  it('/init is an entry: its query rules run, then it is the saved home (a mini-app its own)', () => {
    expect(go('/init', route('init'), state({ defaultTab: 'sports' }), { zoneid: 'z' }).redirect).toEqual({
      to: '/sports',
      search: { zoneid: 'z' },
    });
    expect(go('/init', route('init'), state({ partner: 'maya' })).redirect?.to).toBe('/mayaAccount');
    expect(go('/init', route('init'), state(), { method: 'cs' }).redirect).toEqual({ to: '/ocssLdpage', search: {} });
  });
  it('/game, /newGame and /newGameV2 without a game go to the games lobby', () => {
    for (const name of ['game', 'newGame', 'newGameV2']) {
      expect(go(`/${name}`, route(name), state()).redirect).toEqual({ to: '/games/slot' });
      expect(go(`/${name}`, route(name), state(), { gameId: '12' }).redirect).toBeUndefined();
      expect(go(`/${name}`, route(name), state(), { platformCode: 'hub88', gameCode: 'x' }).redirect).toBeUndefined();
      expect(go(`/${name}`, route(name), state(), { platformCode: 'hub88' }).redirect).toEqual({ to: '/games/slot' });
    }
  });
  it('/ on a viber host goes to the normal home', () => {
    expect(go('/', route('Home'), state({ partner: 'viber' })).redirect?.to).toBe('/foryou');
  });
  it('an invalid game kind goes to the first kind', () => {
    expect(go('/games/lottery', route('Home_games', { gameKind: 'lottery' }), state()).redirect).toEqual({ to: '/games/slot', search: {} });
  });
  it('a valid game kind stays', () => {
    expect(go('/games/casino', route('Home_games', { gameKind: 'casino' }), state()).redirect).toBeUndefined();
  });
  it.each([
    ['/games', '/games/slot'],
    ['/wallet', '/wallet/deposit'],
    ['/deposit', '/wallet/deposit'],
    ['/MyMessage', '/messages'],
    ['/index', '/'],
  ])('%s redirects to %s', (from, to) => {
    expect(go(from, redirectRoute(from), state()).redirect?.to).toBe(to);
  });
});

describe('the route map', () => {
  it('leaves the non-production-only routes out of production builds', () => {
    const production = routesFor(true).map((r) => r.path);
    const development = routesFor(false).map((r) => r.path);
    for (const path of ['/qrcode', '/demo', '/gamesss', '/abTest']) {
      expect(production).not.toContain(path);
      expect(development).toContain(path);
    }
  });

  it('has unique names and paths', () => {
    const defs = ROUTES as readonly RouteDef[];
    const names = defs.flatMap((r) => [r.name, ...(r.children ?? []).map((c) => c.name)]);
    expect(new Set(names).size).toBe(names.length);
    const paths = [...defs.map((r) => r.path.toLowerCase()), ...REDIRECTS.map((r) => r.from.toLowerCase())];
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('carries the route names of spec §2', () => {
    const names = (ROUTES as readonly RouteDef[]).map((r) => r.name);
    for (const name of [
      'Home_foryou',
      'Home_sports',
      'Home_games',
      'Account',
      'Maintenance',
      'MessageDetails',
      'Notifications',
      'MayaStart',
      'WalletDepositApp',
      'WalletWithdrawalApp',
      'SetWithdrawPwd',
      'SetPhone',
      'WalletDeposit',
    ]) {
      expect(names).toContain(name);
    }
  });
});
