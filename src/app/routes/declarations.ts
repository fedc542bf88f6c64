import { SITE_ROUTES } from './owners/site';
import { CONTENT_ROUTES } from './owners/content';
import { SPORTS_ROUTES } from './owners/sports';
import { BETS_ROUTES } from './owners/bets';
import { ACCOUNT_ROUTES } from './owners/account';
import { AUTH_ROUTES } from './owners/auth';
import { MESSAGES_ROUTES } from './owners/messages';
import { WALLET_ROUTES } from './owners/wallet';
import { WITHDRAW_ROUTES } from './owners/withdraw';
import { GAMES_ROUTES } from './owners/games';
import { CASINO_ROUTES } from './owners/casino';
import { KYC_ROUTES } from './owners/kyc';
import { SUPPORT_ROUTES } from './owners/support';
import { RESPONSIBLE_GAMING_ROUTES } from './owners/responsibleGaming';
import { PROMO_ROUTES } from './owners/promo';
import { CAMPAIGNS_ROUTES } from './owners/campaigns';
import { PARTNER_ROUTES } from './owners/partner';
import { DEV_ROUTES } from './owners/dev';
import { VIDEO_ROUTES } from './owners/video';
import type { RouteDeclaration } from './route';

/**
 * Every route's declaration (routes/owners/<owner>.ts): what the router builds each route from (its
 * search, page and data). The entry holds them: pages are lazy imports and data its owner's chunk, and
 * the search schemas are a hand parse (no zod). The pure part is table.gen.ts.
 */
export const ROUTE_DECLARATIONS: readonly RouteDeclaration[] = [
  ...SITE_ROUTES,
  ...CONTENT_ROUTES,
  ...SPORTS_ROUTES,
  ...BETS_ROUTES,
  ...ACCOUNT_ROUTES,
  ...AUTH_ROUTES,
  ...MESSAGES_ROUTES,
  ...WALLET_ROUTES,
  ...WITHDRAW_ROUTES,
  ...GAMES_ROUTES,
  ...CASINO_ROUTES,
  ...KYC_ROUTES,
  ...SUPPORT_ROUTES,
  ...RESPONSIBLE_GAMING_ROUTES,
  ...VIDEO_ROUTES,
  ...PROMO_ROUTES,
  ...CAMPAIGNS_ROUTES,
  ...PARTNER_ROUTES,
  ...DEV_ROUTES,
];
