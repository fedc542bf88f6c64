/**
 * The route map of spec §2: every route's path, name, owner and guard flags, its page's module and
 * whether it has data (table.gen.ts, generated from the declarations in routes/owners/<owner>.ts, where
 * its search schema, data and page are declared beside them). Pure data, no React: the guards, the
 * server's build step and their tests read it without loading a page, a search schema or data.
 *
 * Names: the spec's route names where it gives one (Home_foryou, Account, WalletDeposit...), otherwise
 * the path's first segment as the spec writes it (so the forced-eKYC allow list of spec §2,
 * "EKYCAutomation, ekyc-zolos, kyc-information, KycResult", reads as route names).
 */

import { ROUTES } from './table.gen';
import type { RouteDef } from './meta';

export { ROUTES };
export type { RouteChildDef, RouteDef } from './meta';

/** Paths that only redirect, with where they go (spec §2). Rules with conditions live in the guards. */
export const REDIRECTS: readonly { readonly from: string; readonly to: string }[] = [
  { from: '/wallet', to: '/wallet/deposit' },
  { from: '/deposit', to: '/wallet/deposit' },
  { from: '/MyMessage', to: '/messages' },
  { from: '/games', to: '/games/slot' },
  { from: '/index', to: '/' },
];

export type RouteName = (typeof ROUTES)[number]['name'];

/** The routes a build registers: production builds leave out the non-production-only ones. */
export function routesFor(isProduction: boolean): readonly RouteDef[] {
  return ROUTES.filter((route: RouteDef) => !(isProduction && route.nonProductionOnly));
}

/**
 * Whether a route's page may show strings of the areas' English (i18n/en.areas.ts), which its route then
 * waits for (router.tsx) and the server preloads with its page (scripts/vite-first-paint.ts): all but
 * home and the sports pages, whose strings are the shell's.
 */
export function needsAreaStrings(route: { readonly name: string; readonly owner: string }): boolean {
  return route.owner !== 'sports' && route.owner !== 'redirect' && route.name !== 'Home';
}

/** Route names whose pages show the customer-service chat entry (spec §2). */
export const SERVICE_CHAT_ROUTES: readonly string[] = ['Home_foryou', 'Home_sports', 'Home_games', 'Account'];

/**
 * The sports, foryou and live-game routes and the sport campaign pages: where prices are picked, so where the floating bet-slip
 * button sits; leaving them for a route not in the list clears the slip (spec §2).
 */
export const BET_SLIP_ROUTES: readonly string[] = [
  'Home_foryou',
  'Home_sports',
  'LiveSportGame',
  'LiveSportGame_bet',
  'LiveSportGame_builder',
  'LiveSportGame_chat',
  'LiveSportGame_picks',
  'LiveSportGame_standing',
  'LiveSportGame_analysis',
  'LiveSportGame_lineup',
  // The sport campaign pages list their sport's fixtures with prices (issue 35).
  'nbaPlayoff',
  'fiba',
  'boxing',
  'sportActivity-nba-live',
];
