/**
 * The route map of spec §2: every path with its name and metadata. Pure data, no React, so the guards
 * and their unit tests read it without loading a page. `pages.ts` pairs each name with its page.
 *
 * Names: the spec's route names where it gives one (Home_foryou, Account, WalletDeposit...), otherwise
 * the path's first segment as the spec writes it (so the forced-eKYC allow list of spec §2,
 * "EKYCAutomation, ekyc-zolos, kyc-information, KycResult", reads as route names).
 */

import type { RouteOwner } from './meta';

export interface RouteDef {
  /** TanStack Router path: `$param` is required, `{-$param}` optional. */
  readonly path: string;
  readonly name: string;
  readonly owner: RouteOwner;
  /** An anonymous visitor is sent home with the login dialog open. */
  readonly loginRequired?: boolean;
  /** Redirects to / while the regulator-compliant (PAGCOR) version is active. */
  readonly hiddenUnderPagcor?: boolean;
  /** Not registered at all in production builds. */
  readonly nonProductionOnly?: boolean;
  /** Shown inside the home layout (header, tabs, bottom navigation). */
  readonly homeTab?: boolean;
  /** Child paths (relative), e.g. the live match tabs. The first child is where the parent lands. */
  readonly children?: readonly RouteChildDef[];
}

export interface RouteChildDef {
  readonly path: string;
  readonly name: string;
  readonly loginRequired?: boolean;
}

/** Paths that only redirect, with where they go (spec §2). Rules with conditions live in the guards. */
export const REDIRECTS: readonly { readonly from: string; readonly to: string }[] = [
  { from: '/wallet', to: '/wallet/deposit' },
  { from: '/deposit', to: '/wallet/deposit' },
  { from: '/MyMessage', to: '/messages' },
  { from: '/games', to: '/games/slot' },
  { from: '/index', to: '/' },
];

const L = { loginRequired: true } as const;
const P = { hiddenUnderPagcor: true } as const;

export const ROUTES = [
  // Home layout (spec §2 "Home layout"). / itself only redirects (to the saved default tab).
  { path: '/', name: 'Home', owner: 'site' },
  { path: '/foryou', name: 'Home_foryou', owner: 'sports', homeTab: true },
  { path: '/sports', name: 'Home_sports', owner: 'sports', homeTab: true },
  { path: '/games/$gameKind', name: 'Home_games', owner: 'games', homeTab: true },
  {
    path: '/liveSportGameV3',
    name: 'LiveSportGame',
    owner: 'sports',
    children: [
      { path: 'bet', name: 'LiveSportGame_bet' },
      { path: 'chat', name: 'LiveSportGame_chat' },
      { path: 'picks', name: 'LiveSportGame_picks' },
      { path: 'standing', name: 'LiveSportGame_standing' },
      { path: 'analysis', name: 'LiveSportGame_analysis' },
      { path: 'line-up', name: 'LiveSportGame_lineup' },
    ],
  },
  { path: '/feature', name: 'feature', owner: 'promo' },

  // FAQ and articles
  { path: '/faq', name: 'faq', owner: 'content' },
  { path: '/faq/$article', name: 'faqArticle', owner: 'content' },

  // Account and profile
  { path: '/login', name: 'login', owner: 'auth' },
  { path: '/account', name: 'Account', owner: 'account' },
  { path: '/messages', name: 'Notifications', owner: 'messages', ...L },
  { path: '/MessageDetails', name: 'MessageDetails', owner: 'messages', ...L },
  { path: '/userinfo', name: 'userinfo', owner: 'account', ...L },
  { path: '/infomation', name: 'infomation', owner: 'account', ...L },
  { path: '/personalInformation', name: 'personalInformation', owner: 'account', ...L },
  { path: '/avatar', name: 'avatar', owner: 'account', ...L },
  { path: '/modifyNickName', name: 'modifyNickName', owner: 'account', ...L },
  { path: '/myAddress', name: 'myAddress', owner: 'account', ...L },
  { path: '/deleteAccount', name: 'deleteAccount', owner: 'account', ...L },
  { path: '/settings', name: 'settings', owner: 'account' },
  { path: '/morepage', name: 'morepage', owner: 'content' },
  { path: '/about-us', name: 'about-us', owner: 'content' },
  { path: '/live-support', name: 'live-support', owner: 'support' },
  { path: '/agency-benefits', name: 'agency-benefits', owner: 'promo', ...P },
  { path: '/news-update', name: 'news-update', owner: 'content' },
  { path: '/responsibleGaming', name: 'responsibleGaming', owner: 'responsibleGaming' },

  // Security and verification
  { path: '/security', name: 'security', owner: 'auth', ...L },
  { path: '/aboutKYC', name: 'aboutKYC', owner: 'kyc' },
  { path: '/KYCAutomation', name: 'KYCAutomation', owner: 'kyc', ...L },
  { path: '/EKYCAutomation', name: 'EKYCAutomation', owner: 'kyc', ...L },
  { path: '/ekyc-zolos', name: 'ekyc-zolos', owner: 'kyc', ...L },
  { path: '/MultiAccount', name: 'MultiAccount', owner: 'kyc', ...L },
  { path: '/KycResult', name: 'KycResult', owner: 'kyc', ...L },
  { path: '/kyc-information', name: 'kyc-information', owner: 'kyc', ...L },
  { path: '/TakePhotoKYC', name: 'TakePhotoKYC', owner: 'kyc', ...L },
  { path: '/InformationConfirm', name: 'InformationConfirm', owner: 'kyc', ...L },
  { path: '/face-capture', name: 'face-capture', owner: 'kyc', ...L },
  { path: '/setLoginPwd', name: 'setLoginPwd', owner: 'auth', ...L },
  { path: '/modifyLoginPwd', name: 'modifyLoginPwd', owner: 'auth', ...L },
  { path: '/setWithdrawPwd/{-$label}', name: 'SetWithdrawPwd', owner: 'withdraw', ...L },
  { path: '/modifyWithdrawPwd', name: 'modifyWithdrawPwd', owner: 'withdraw', ...L },
  { path: '/forgetWithdrawPwd', name: 'forgetWithdrawPwd', owner: 'withdraw', ...L },
  { path: '/forgetPassword', name: 'forgetPassword', owner: 'auth' },
  { path: '/resetPassword', name: 'resetPassword', owner: 'auth' },
  { path: '/setPhone/{-$label}', name: 'SetPhone', owner: 'auth', ...L },
  { path: '/bindPhone', name: 'bindPhone', owner: 'auth', ...L },
  { path: '/changePhone', name: 'changePhone', owner: 'auth', ...L },
  { path: '/changeEmail', name: 'changeEmail', owner: 'auth', ...L },
  { path: '/verifyEmail', name: 'verifyEmail', owner: 'auth', ...L },

  // Money
  { path: '/wallet/deposit', name: 'WalletDeposit', owner: 'wallet', ...L },
  { path: '/wallet/withdraw', name: 'WalletWithdraw', owner: 'withdraw', ...L },
  { path: '/wallet-deposit-app', name: 'WalletDepositApp', owner: 'wallet', ...L },
  { path: '/wallet-withdraw-app', name: 'WalletWithdrawalApp', owner: 'withdraw', ...L },
  { path: '/withdraw', name: 'withdraw', owner: 'withdraw', ...L },
  { path: '/withdraw/store', name: 'withdraw-store', owner: 'withdraw', ...L },
  { path: '/withdraw/bank', name: 'withdraw-bank', owner: 'withdraw', ...L },
  { path: '/withdraw/bankcard', name: 'withdraw-bankcard', owner: 'withdraw', ...L },
  { path: '/withdraw/gcash', name: 'withdraw-gcash', owner: 'withdraw', ...L },
  { path: '/withdraw/gcashAccount', name: 'withdraw-gcashAccount', owner: 'withdraw', ...L },
  { path: '/submitted', name: 'submitted', owner: 'withdraw', ...L },
  { path: '/withdrawInfo', name: 'withdrawInfo', owner: 'withdraw', ...L },
  { path: '/split-withdraw', name: 'split-withdraw', owner: 'withdraw', ...L },
  { path: '/bankorder', name: 'bankorder', owner: 'wallet', ...L },
  { path: '/gpoorder', name: 'gpoorder', owner: 'wallet', ...L },
  { path: '/giftCard', name: 'giftCard', owner: 'wallet', ...L },
  { path: '/checkIn', name: 'checkIn', owner: 'promo', ...L },
  { path: '/fundAccount', name: 'fundAccount', owner: 'wallet', ...L },
  { path: '/bankcard', name: 'bankcard', owner: 'withdraw', ...L },
  { path: '/bankcard/add', name: 'bankcard-add', owner: 'withdraw', ...L },
  { path: '/gcash', name: 'gcash', owner: 'withdraw', ...L },
  { path: '/gcash/addGcash', name: 'gcash-addGcash', owner: 'withdraw', ...L },
  { path: '/paymaya', name: 'paymaya', owner: 'withdraw', ...L },
  { path: '/paymaya/add', name: 'paymaya-add', owner: 'withdraw', ...L },

  // Records
  { path: '/record', name: 'record', owner: 'wallet', ...L },
  { path: '/recordDetail', name: 'recordDetail', owner: 'wallet', ...L },
  { path: '/gameRecordDetail', name: 'gameRecordDetail', owner: 'casino', ...L },
  { path: '/betRecord', name: 'betRecord', owner: 'bets', ...L },
  { path: '/my-history', name: 'my-history', owner: 'wallet', ...L },
  { path: '/history-detail', name: 'history-detail', owner: 'bets', ...L },

  // Games
  { path: '/game', name: 'game', owner: 'casino' },
  { path: '/newGame', name: 'newGame', owner: 'casino' },
  { path: '/newGameV2', name: 'newGameV2', owner: 'casino' },
  { path: '/ingame', name: 'ingame', owner: 'casino', ...L },
  { path: '/ingameV2', name: 'ingameV2', owner: 'casino', ...L },
  { path: '/glifeingame', name: 'glifeingame', owner: 'casino', ...L },
  { path: '/InGameTransfer', name: 'InGameTransfer', owner: 'casino', ...L },
  { path: '/search', name: 'search', owner: 'games' },
  { path: '/trial', name: 'trial', owner: 'casino', ...P },
  { path: '/player', name: 'player', owner: 'sports' },
  { path: '/testgame', name: 'testgame', owner: 'casino', ...L, ...P },

  // Promotions
  { path: '/promo', name: 'promo', owner: 'promo' },
  { path: '/promo-promo', name: 'promo-promo', owner: 'promo' },
  { path: '/responsive-gaming', name: 'responsive-gaming', owner: 'responsibleGaming' },
  { path: '/newActivity', name: 'newActivity', owner: 'promo' },
  { path: '/bonus', name: 'bonus', owner: 'promo', ...L },
  { path: '/highlights', name: 'highlights', owner: 'sports' },
  { path: '/daily-rebate', name: 'daily-rebate', owner: 'promo', ...L },
  { path: '/coupon/$name', name: 'coupon', owner: 'promo', ...L },
  { path: '/sportActivity/$id', name: 'sportActivity', owner: 'promo' },
  { path: '/sportActivity-new-user', name: 'sportActivity-new-user', owner: 'promo' },
  { path: '/sportActivity-nba-live', name: 'sportActivity-nba-live', owner: 'promo' },
  { path: '/sportActivity-nba-live/$id', name: 'sportActivity-nba-live-detail', owner: 'promo' },
  { path: '/sportActivity/quests/$eventId', name: 'sportActivity-quests', owner: 'promo' },
  { path: '/nbaPlayoff', name: 'nbaPlayoff', owner: 'promo' },
  { path: '/nbaVideo', name: 'nbaVideo', owner: 'promo' },
  { path: '/fiba', name: 'fiba', owner: 'promo' },
  { path: '/boxing', name: 'boxing', owner: 'promo' },
  { path: '/rtgGameTournament', name: 'rtgGameTournament', owner: 'promo' },
  { path: '/invite-friends', name: 'invite-friends', owner: 'promo', ...L, ...P },
  { path: '/inviteFriends', name: 'inviteFriends', owner: 'promo', ...L, ...P },
  { path: '/newMember', name: 'newMember', owner: 'promo', ...P },
  { path: '/newUser', name: 'newUser', owner: 'promo', ...P },
  { path: '/joinsuccess', name: 'joinsuccess', owner: 'promo' },
  { path: '/joinvisitorsuccess', name: 'joinvisitorsuccess', owner: 'promo' },
  {
    path: '/campaign/masskara',
    name: 'masskara',
    owner: 'promo',
    children: [
      { path: 'main', name: 'masskara_main' },
      { path: 'records', name: 'masskara_records' },
      { path: 'rules', name: 'masskara_rules' },
      { path: 'mask-collection', name: 'masskara_mask-collection', loginRequired: true },
      { path: 'my-prizes', name: 'masskara_my-prizes', loginRequired: true },
    ],
  },

  // Content and misc
  { path: '/news', name: 'news', owner: 'content' },
  { path: '/community/$id', name: 'community', owner: 'content' },
  { path: '/detailsPage', name: 'detailsPage', owner: 'content' },
  { path: '/news/winner-story/{-$label}', name: 'news-winner-story', owner: 'content' },
  { path: '/news/brand-story/{-$label}', name: 'news-brand-story', owner: 'content' },
  { path: '/news/panalo-news/{-$label}', name: 'news-product-news', owner: 'content' },
  { path: '/news/media-coverage/{-$label}', name: 'news-media-coverage', owner: 'content' },
  { path: '/terms', name: 'terms', owner: 'content' },
  { path: '/terms-of-use', name: 'terms-of-use', owner: 'content' },
  { path: '/privacy-policy', name: 'privacy-policy', owner: 'content' },
  { path: '/liscence', name: 'liscence', owner: 'content' },
  { path: '/tou-and-pp', name: 'tou-and-pp', owner: 'content' },
  { path: '/teach', name: 'teach', owner: 'content' },
  { path: '/cignal', name: 'cignal', owner: 'sports', ...P },
  { path: '/facebook', name: 'facebook', owner: 'content', ...P },
  { path: '/voidepage', name: 'voidepage', owner: 'content' },
  { path: '/download', name: 'download', owner: 'site' },
  { path: '/appdownload', name: 'appdownload', owner: 'site' },
  { path: '/apkdownload', name: 'apkdownload', owner: 'site', ...P },
  { path: '/pwadownload', name: 'pwadownload', owner: 'site' },
  { path: '/ocssLdpage', name: 'ocssLdpage', owner: 'support' },
  { path: '/bingo_promotion', name: 'bingo_promotion', owner: 'promo' },
  { path: '/bingo_gamezone', name: 'bingo_gamezone', owner: 'casino' },
  { path: '/sport_video', name: 'sport_video', owner: 'sports' },
  { path: '/video_test', name: 'video_test', owner: 'sports' },
  { path: '/ldpage/letsbingo', name: 'ldpage-letsbingo', owner: 'promo' },
  { path: '/maintenance', name: 'Maintenance', owner: 'site' },
  { path: '/notWork', name: 'notWork', owner: 'site' },
  { path: '/bobotSwitch', name: 'bobotSwitch', owner: 'partner', ...P },
  { path: '/googleloginredirect', name: 'googleloginredirect', owner: 'auth' },
  { path: '/panalo-live', name: 'product-live', owner: 'sports' },
  { path: '/init', name: 'init', owner: 'site' },
  { path: '/saba', name: 'saba', owner: 'sports' },

  // Partner app
  { path: '/miniAccount', name: 'miniAccount', owner: 'partner' },
  { path: '/mayaAccount', name: 'MayaStart', owner: 'partner' },
  { path: '/panalo_landingpage', name: 'product_landingpage', owner: 'partner' },

  // Non-production only
  { path: '/qrcode', name: 'qrcode', owner: 'dev', nonProductionOnly: true },
  { path: '/demo', name: 'demo', owner: 'dev', nonProductionOnly: true },
  { path: '/gamesss', name: 'gamesss', owner: 'dev', nonProductionOnly: true },
  { path: '/abTest', name: 'abTest', owner: 'dev', nonProductionOnly: true },
] as const satisfies readonly RouteDef[];

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
 * The sports, foryou and live-game routes: where prices are picked, so where the floating bet-slip
 * button sits; leaving them for a route not in the list clears the slip (spec §2).
 */
export const BET_SLIP_ROUTES: readonly string[] = [
  'Home_foryou',
  'Home_sports',
  'LiveSportGame',
  'LiveSportGame_bet',
  'LiveSportGame_chat',
  'LiveSportGame_picks',
  'LiveSportGame_standing',
  'LiveSportGame_analysis',
  'LiveSportGame_lineup',
];
