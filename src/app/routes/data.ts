import type { SearchOutput, SearchSchema } from '../../lib/search';
import type { RouteOwner } from './meta';
import type { RouteName } from './table';

/**
 * The data a route's page will ask for, started by the route's loader (router.tsx) with the route, so the
 * requests run while the page's chunk downloads and its strings arrive, on the first page of a visit as
 * on any other (issue 31: a page opened from a link waited for the page to settle before, ~3 s). It never
 * waits: the page shows its own skeleton and errors, and its query finds the request under way.
 *
 * Each owner's prefetches are a chunk of their own (routes/prefetch/<owner>.ts, next to nothing beside
 * the page's own queries, which its page chunk holds too; loaded by routes/prefetch/index.ts), so a page
 * opened directly downloads only its own; the server preloads it with the page's chunk
 * (scripts/vite-first-paint.ts, which reads this file: pure, no import at run time). Here, in the
 * shell, is only which routes have any: a route without (/foryou) loads none.
 *  - `search`: the search schema the prefetch reads (the router validates with the same one, from
 *    search.ts: a unit test checks they agree);
 *  - `prefetch`: starts the page's queries (and on hover, when the router preloads: a prefetch that
 *    must not run then, reading a message marks it read, checks `preload`).
 */
export interface RouteData<S extends SearchSchema = SearchSchema> {
  search?: S;
  prefetch: (search: SearchOutput<S>, route: { params: Record<string, string>; preload: boolean }) => void;
}

export type RoutesData = Partial<Record<RouteName, RouteData>>;

/** A route's data, its prefetch typed by its search schema. */
export function data<S extends SearchSchema>(route: RouteData<S>): RouteData {
  return route as RouteData;
}

/** The routes whose pages have data to start, by the feature that owns them (src/app/routes/table.ts). */
export const ROUTES_WITH_DATA: Partial<Record<RouteOwner, readonly RouteName[]>> = {
  account: ['userinfo', 'infomation', 'personalInformation', 'modifyNickName', 'myAddress', 'avatar', 'deleteAccount'],
  auth: ['security', 'setLoginPwd', 'modifyLoginPwd', 'changeEmail', 'verifyEmail'],
  bets: ['betRecord', 'history-detail'],
  casino: ['game', 'newGame', 'newGameV2', 'ingame', 'ingameV2', 'glifeingame', 'testgame', 'trial', 'gameRecordDetail', 'bingo_gamezone'],
  content: ['terms', 'terms-of-use', 'privacy-policy', 'liscence', 'tou-and-pp', 'about-us', 'faq', 'faqArticle'],
  games: ['Home_games', 'search'],
  messages: ['Notifications', 'MessageDetails'],
  responsibleGaming: ['responsibleGaming', 'responsive-gaming'],
  sports: ['Home_sports'],
  support: ['live-support', 'ocssLdpage'],
  wallet: ['WalletDeposit', 'WalletDepositApp', 'gpoorder', 'fundAccount', 'recordDetail'],
  withdraw: [
    'withdraw',
    'WalletWithdraw',
    'withdraw-gcash',
    'withdraw-bank',
    'withdraw-store',
    'WalletWithdrawalApp',
    'withdraw-bankcard',
    'withdraw-gcashAccount',
    'bankcard',
    'gcash',
    'paymaya',
    'bankcard-add',
    'gcash-addGcash',
    'paymaya-add',
    'submitted',
    'withdrawInfo',
    'SetWithdrawPwd',
  ],
};
