/**
 * Route guards and entry rules of spec §2 as one pure function: given where the player is going and
 * what the app knows, answer where they should land and what must happen on the way. The router's root
 * `beforeLoad` runs it on every navigation (see router.tsx); the unit tests run it rule by rule.
 *
 * Rules run in this order, and the first redirect wins; after a redirect the router runs the function
 * again on the new address, so each rule only has to make progress, not to finish the whole journey:
 *  1. query entry rules (tickets, bot login, method=dp/cs, expiredRoute, remembered parameters)
 *  2. unknown path → /
 *  3. plain redirects (/wallet, /deposit, /MyMessage, /games, /index)
 *  4. hidden under PAGCOR → /
 *  5. login required → home (or games) with the login dialog; in the native app an error-back signal
 *  6. partner deposit pages (maya host or bind type 6, lazada host)
 *  7. PHONE_BIND_SWITCH → /setPhone
 *  8. forced new-user eKYC → /EKYCAutomation or /KycResult
 *  9. / → mini-app home or the saved default tab; an invalid game kind → the first kind
 */
import { BOOKING_PARAM } from '../../contract/bookingLink';
import { FIRST_GAME_KIND, isGameKind } from '../../contract/gameConstants';
import { FORCED_EKYC_ALLOWED_PAGES, KycStatus, isKycNotSet } from '../../contract/kycConstants';
import { ACQUISITION_PARAMS, INVITE_PARAMS } from '../../contract/storageKeys';
import type { ProductSwitch } from '../../contract/site';
import { GAME_LIST_GAMES_FIRST, isSwitchOnForH5 } from '../../contract/siteConstants';
import { type Partner, miniAppHome, partnerDepositPage } from '../../lib/partner';
import type { HomeTab } from '../../contract/navigation';
import { REDIRECTS, type RouteDef } from './table';

export type Search = Record<string, unknown>;

export interface Target {
  pathname: string;
  search: Search;
}

/** The metadata of the route the path matched, or undefined for an unknown path. */
export interface MatchedRoute {
  def: Pick<RouteDef, 'name' | 'loginRequired' | 'hiddenUnderPagcor' | 'homeTab'> & { path: string };
  params: Record<string, string | undefined>;
}

export interface GuardState {
  partner: Partner | undefined;
  /** Running inside the product's native app shell (an `os` parameter was seen this session). */
  isNativeApp: boolean;
  /** Running inside another site's frame. */
  inFrame: boolean;
  loggedIn: boolean;
  user: { mobileNo: string; bindType: number | undefined } | undefined;
  site: { pagcorVersion: boolean; gameList: number; PHONE_BIND_SWITCH: readonly ProductSwitch[] };
  kyc: { forceNewUserEkycSwitch: boolean; ekycStatus: number } | undefined;
  defaultTab: HomeTab;
}

export type Effect =
  | { type: 'toast'; message: 'routeExpired' }
  | { type: 'openLogin'; redirectTo: string }
  | { type: 'nativeErrorBack'; reason: 'loginRequired' }
  | { type: 'ticketLogin'; ticket: string; loginName: string | undefined }
  | { type: 'partnerAutoLogin'; tempTicket: string; loginName: string }
  | { type: 'botLogin'; sessionId: string; relogin: string | undefined }
  /** The Maya wallet's landing (/mayaAccount?sessionId=…): the one-time session the host opened (issue 36). */
  | { type: 'mayaLogin'; sessionId: string }
  /** A hand-off link from a host that could not run a flow: log in here and resume it (issue 36). */
  | { type: 'resumeHandoff'; ticket: string }
  /** Inside a super-app (isFrom Glife or Lazada in a frame): the host's silent login by auth code (issue 36). */
  | { type: 'hostLogin'; host: 'gcash' | 'lazada' }
  | { type: 'depositToParent' }
  | { type: 'rememberOrigin'; isFrom: string | undefined; fromGlife: boolean; os: string | undefined }
  | { type: 'rememberGameEntry'; platformId: string | undefined; gameId: string | undefined; gameType: string | undefined }
  | { type: 'rememberAcquisition'; params: Record<string, string> }
  | { type: 'rememberInvite'; params: Record<string, string> }
  /** A shared slip's link (/sports?booking=CODE, issue 38): its selections loaded onto the slip. */
  | { type: 'loadBooking'; code: string };

/** Where to go: a concrete pathname (no route pattern) and the query to keep. */
export interface Redirect {
  to: string;
  search?: Search;
}

export interface Decision {
  redirect?: Redirect;
  effects: Effect[];
}

/** Parameters removed from the address once they are used (spec §2, §4 "Session"). */
const ONE_SHOT_PARAMS = [
  'ticket',
  'tempTicket',
  'loginName',
  'sessionId',
  'relogin',
  'method',
  'expiredRoute',
  'handoff',
  BOOKING_PARAM,
] as const;

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function without(search: Search, keys: readonly string[]): Search {
  const rest: Search = {};
  for (const [key, value] of Object.entries(search)) if (!keys.includes(key)) rest[key] = value;
  return rest;
}

function pick(search: Search, keys: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const key of keys) {
    const value = text(search[key]);
    if (value !== undefined) found[key] = value;
  }
  return found;
}

/** Rule 1: what the query parameters ask for. Answers the effects and, when a parameter is spent, the address without it. */
export function entryRules(target: Target, state: Pick<GuardState, 'inFrame' | 'isNativeApp'> & { loggedIn?: boolean }): Decision {
  const { search } = target;
  const effects: Effect[] = [];
  const spent = ONE_SHOT_PARAMS.filter((key) => key in search);

  if (text(search['expiredRoute']) === 'true') effects.push({ type: 'toast', message: 'routeExpired' });

  const tempTicket = text(search['tempTicket']);
  const loginName = text(search['loginName']);
  const ticket = text(search['ticket']);
  if (tempTicket && loginName) effects.push({ type: 'partnerAutoLogin', tempTicket, loginName });
  else if (ticket) effects.push({ type: 'ticketLogin', ticket, loginName });

  const sessionId = text(search['sessionId']);
  if (sessionId && target.pathname.toLowerCase() === '/mayaaccount') effects.push({ type: 'mayaLogin', sessionId });
  else if (sessionId) effects.push({ type: 'botLogin', sessionId, relogin: text(search['relogin']) });
  const handoff = text(search['handoff']);
  if (handoff) effects.push({ type: 'resumeHandoff', ticket: handoff });

  const booking = text(search[BOOKING_PARAM]);
  if (booking) effects.push({ type: 'loadBooking', code: booking });

  const isFrom = text(search['isFrom']);
  const fromGlife = search['FromGlife'] !== undefined && text(search['FromGlife']) !== 'false';
  const os = text(search['os']);
  if (isFrom || fromGlife || os) effects.push({ type: 'rememberOrigin', isFrom, fromGlife, os });
  const glife = fromGlife || isFrom?.toLowerCase() === 'glife';
  const lazada = isFrom?.toLowerCase() === 'lazada';
  if ((glife || lazada) && state.inFrame && !state.loggedIn && !ticket && !tempTicket && !sessionId)
    effects.push({ type: 'hostLogin', host: glife ? 'gcash' : 'lazada' });

  const platformId = text(search['platformId']);
  const gameId = text(search['gameId']);
  const gameType = text(search['type']);
  if (platformId || gameId || gameType) effects.push({ type: 'rememberGameEntry', platformId, gameId, gameType });

  const acquisition = pick(search, ACQUISITION_PARAMS);
  if (Object.keys(acquisition).length > 0) effects.push({ type: 'rememberAcquisition', params: acquisition });
  const invite = pick(search, INVITE_PARAMS);
  if (Object.keys(invite).length > 0) effects.push({ type: 'rememberInvite', params: invite });

  const method = text(search['method']);
  const rest = without(search, spent);
  if (method === 'cs') return { effects, redirect: { to: '/ocssLdpage', search: rest } };
  if (method === 'dp') {
    if (state.inFrame) {
      effects.push({ type: 'depositToParent' });
      return { effects, redirect: { to: target.pathname, search: rest } };
    }
    return { effects, redirect: { to: state.isNativeApp || os ? '/wallet-deposit-app' : '/wallet', search: rest } };
  }
  if (spent.length > 0) return { effects, redirect: { to: target.pathname, search: rest } };
  return { effects };
}

/** Where a visitor who needs to log in is sent: the games page when the site's game list setting is 5. */
export function loginLandingPage(state: Pick<GuardState, 'site'>): string {
  return state.site.gameList === GAME_LIST_GAMES_FIRST ? `/games/${FIRST_GAME_KIND}` : '/';
}

function hrefOf(target: Target): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(target.search)) {
    const v = text(value);
    if (v !== undefined) query.set(key, v);
  }
  const qs = query.toString();
  return qs ? `${target.pathname}?${qs}` : target.pathname;
}

const PHONE_BIND_EXEMPT = ['SetPhone', 'bindPhone', 'Maintenance'];
const GAME_CARD_ROUTES: readonly string[] = ['game', 'newGame', 'newGameV2'];
const FORCED_EKYC_EXEMPT: readonly string[] = [...FORCED_EKYC_ALLOWED_PAGES, 'Maintenance'];

export function decide(target: Target, matched: MatchedRoute | undefined, state: GuardState): Decision {
  // 1. query entry rules
  const entry = entryRules(target, state);
  if (entry.redirect) return entry;
  const effects = entry.effects;

  // 2. unknown path
  if (!matched) return { effects, redirect: { to: '/' } };
  const { def } = matched;

  // 3. plain redirects
  const plain = REDIRECTS.find((r) => r.from.toLowerCase() === def.path.toLowerCase());
  if (plain) return { effects, redirect: { to: plain.to, search: target.search } };

  // 4. hidden under PAGCOR
  if (def.hiddenUnderPagcor && state.site.pagcorVersion) return { effects, redirect: { to: '/' } };

  // 5. login required
  if (def.loginRequired && !state.loggedIn) {
    if (state.isNativeApp || text(target.search['os'])) {
      effects.push({ type: 'nativeErrorBack', reason: 'loginRequired' });
      return { effects, redirect: { to: '/' } };
    }
    effects.push({ type: 'openLogin', redirectTo: hrefOf(target) });
    return { effects, redirect: { to: loginLandingPage(state) } };
  }

  // 6. partner deposit pages
  if (def.name === 'WalletDeposit') {
    const partnerPage = partnerDepositPage(state.partner, state.user?.bindType);
    if (partnerPage) return { effects, redirect: { to: partnerPage } };
  }

  // 7. phone binding
  if (
    state.loggedIn &&
    state.user &&
    state.user.mobileNo === '' &&
    isSwitchOnForH5(state.site.PHONE_BIND_SWITCH) &&
    !PHONE_BIND_EXEMPT.includes(def.name)
  ) {
    return { effects, redirect: { to: '/setPhone' } };
  }

  // 8. forced new-user eKYC
  if (state.loggedIn && state.kyc?.forceNewUserEkycSwitch && !FORCED_EKYC_EXEMPT.includes(def.name)) {
    if (isKycNotSet(state.kyc.ekycStatus)) return { effects, redirect: { to: '/EKYCAutomation' } };
    if (state.kyc.ekycStatus !== KycStatus.Approved) return { effects, redirect: { to: '/KycResult' } };
  }

  // 9. home and game kinds. /init is the entry a native shell or a partner opens first: the entry rules
  // above (ticket and partner logins, method=…) have run, then it is the player's home as / is.
  if (def.name === 'Home' || def.name === 'init') {
    const home = miniAppHome(state.partner);
    return { effects, redirect: { to: home ?? `/${state.defaultTab}`, search: target.search } };
  }
  // The game routes name a game (gameId, or platformCode and gameCode); without one, the games lobby.
  if (
    GAME_CARD_ROUTES.includes(def.name) &&
    !text(target.search['gameId']) &&
    !(text(target.search['platformCode']) && text(target.search['gameCode']))
  ) {
    return { effects, redirect: { to: `/games/${FIRST_GAME_KIND}` } };
  }
  if (def.name === 'Home_games') {
    const kind = matched.params['gameKind'] ?? '';
    if (!isGameKind(kind)) return { effects, redirect: { to: `/games/${FIRST_GAME_KIND}`, search: target.search } };
  }

  return { effects };
}
