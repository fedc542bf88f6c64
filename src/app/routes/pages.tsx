import { type AnyRoute, type RouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { MaintenancePage } from '../../features/site/MaintenancePage';
import { withChunkTimeout } from '../../lib/chunks';

/**
 * Which page each route shows. Every page is its own chunk, loaded when the route is first visited, so a
 * player downloads the shell and the page in front of them and nothing else. Pages a later release
 * builds show their title and say so (ComingSoonPage), never made-up data.
 */
function page<K extends string>(name: K, load: () => Promise<Record<K, ComponentType<never>>>) {
  return lazyRouteComponent(withChunkTimeout(name, load), name);
}

const comingSoon = page('ComingSoonPage', () => import('../../ui/ComingSoon'));
const contentDoc = page('DocPage', () => import('../../features/content/DocPage'));
const install = page('InstallPage', () => import('../../features/site/InstallPage'));
const betDetail = page('BetDetailPage', () => import('../../features/bets/BetDetailPage'));
const userInfo = page('UserInfoPage', () => import('../../features/account/UserInfoPage'));
const deposit = page('DepositPage', () => import('../../features/wallet/DepositPage'));
const withdrawPage = page('WithdrawPage', () => import('../../features/withdraw/WithdrawPage'));
const gameCard = page('GamePage', () => import('../../features/casino/GamePage'));
const inGame = page('InGameRoute', () => import('../pages/PlayRoutes'));
const rgPage = page('ResponsibleGamingPage', () => import('../../features/responsibleGaming/ResponsibleGamingPage'));

const PAGES: Record<string, RouteComponent> = {
  Home_foryou: page('ForYouPage', () => import('../../features/sports/ForYouPage')),
  Home_sports: page('SportsPage', () => import('../../features/sports/SportsPage')),
  LiveSportGame: page('LiveMatchPage', () => import('../../features/sports/LiveMatchPage')),
  betRecord: page('BetRecordPage', () => import('../../features/bets/BetRecordPage')),
  'history-detail': betDetail,
  Home_games: page('GamesTab', () => import('../../features/games/GamesTab')),
  // The search shares the lobby's chunk: once the lobby was opened, the search works offline too.
  search: page('SearchPage', () => import('../../features/games/GamesTab')),
  faq: page('FaqPage', () => import('../../features/content/FaqPage')),
  faqArticle: page('FaqArticlePage', () => import('../../features/content/FaqArticlePage')),
  terms: contentDoc,
  'terms-of-use': contentDoc,
  'privacy-policy': contentDoc,
  liscence: contentDoc,
  'tou-and-pp': contentDoc,
  'about-us': contentDoc,
  // Responsible gaming (features/responsibleGaming): the tools for a player, the text and helpline for a visitor.
  responsibleGaming: rgPage,
  'responsive-gaming': rgPage,
  morepage: page('MorePage', () => import('../../features/content/MorePage')),
  // Part of the shell, not a chunk: it is what the service worker shows when there is no network.
  Maintenance: MaintenancePage,
  notWork: page('NotWorkPage', () => import('../../features/site/NotWorkPage')),
  download: install,
  appdownload: install,
  pwadownload: install,
  Account: page('AccountRoute', () => import('../pages/AccountRoute')),
  settings: page('SettingsPage', () => import('../../features/account/SettingsPage')),
  login: page('LoginPage', () => import('../../features/auth/LoginPage')),
  forgetPassword: page('ForgetPasswordPage', () => import('../../features/auth/ForgetPasswordPage')),
  // The security centre (features/auth).
  security: page('SecurityPage', () => import('../../features/auth/SecurityPage')),
  setLoginPwd: page('SetLoginPwdPage', () => import('../../features/auth/LoginPasswordPages')),
  modifyLoginPwd: page('ModifyLoginPwdPage', () => import('../../features/auth/LoginPasswordPages')),
  resetPassword: page('ResetPasswordPage', () => import('../../features/auth/ResetPasswordPage')),
  SetPhone: page('SetPhonePage', () => import('../../features/auth/PhonePages')),
  bindPhone: page('SetPhonePage', () => import('../../features/auth/PhonePages')),
  changePhone: page('ChangePhonePage', () => import('../../features/auth/PhonePages')),
  changeEmail: page('ChangeEmailPage', () => import('../../features/auth/EmailPages')),
  verifyEmail: page('VerifyEmailPage', () => import('../../features/auth/EmailPages')),
  userinfo: userInfo,
  infomation: userInfo,
  personalInformation: page('PersonalInformationPage', () => import('../../features/account/PersonalInformationPage')),
  modifyNickName: page('NickNamePage', () => import('../../features/account/NickNamePage')),
  avatar: page('AvatarPage', () => import('../../features/account/AvatarPage')),
  myAddress: page('AddressPage', () => import('../../features/account/AddressPage')),
  deleteAccount: page('DeleteAccountRoute', () => import('../pages/DeleteAccountRoute')),
  // The messages with the customer-service conversations composed in (src/app/pages/MessagesRoute).
  Notifications: page('MessagesRoute', () => import('../pages/MessagesRoute')),
  MessageDetails: page('MessageDetailsPage', () => import('../../features/messages/MessageDetailsPage')),
  // The customer-support chat (features/support); /ocssLdpage is where `?method=cs` lands.
  'live-support': page('SupportChatPage', () => import('../../features/support/SupportChatPage')),
  ocssLdpage: page('OcssLandingPage', () => import('../../features/support/SupportChatPage')),
  // Money in and records (features/wallet).
  WalletDeposit: deposit,
  WalletDepositApp: deposit,
  gpoorder: page('OrderStatusPage', () => import('../../features/wallet/OrderStatusPage')),
  bankorder: page('BankOrderPage', () => import('../../features/wallet/BankOrderPage')),
  giftCard: page('GiftCardPage', () => import('../../features/wallet/GiftCardPage')),
  fundAccount: page('FundAccountPage', () => import('../../features/wallet/FundAccountPage')),
  // The wallet's records with the casino's games tab composed in (src/app/pages/RecordRoute).
  record: page('RecordRoute', () => import('../pages/RecordRoute')),
  recordDetail: page('RecordDetailPage', () => import('../../features/wallet/RecordDetailPage')),

  // Money out, payment accounts and the withdrawal password (features/withdraw).
  withdraw: withdrawPage,
  WalletWithdraw: page('WalletWithdrawPage', () => import('../../features/withdraw/WithdrawPage')),
  'withdraw-gcash': page('WithdrawGcashPage', () => import('../../features/withdraw/WithdrawPage')),
  'withdraw-bank': page('WithdrawBankPage', () => import('../../features/withdraw/WithdrawPage')),
  'withdraw-store': page('StoreWithdrawPage', () => import('../../features/withdraw/DirectWithdrawPages')),
  WalletWithdrawalApp: page('WithdrawAppPage', () => import('../../features/withdraw/DirectWithdrawPages')),
  'withdraw-bankcard': page('ChooseBankAccountPage', () => import('../../features/withdraw/AccountsPage')),
  'withdraw-gcashAccount': page('ChooseGcashAccountPage', () => import('../../features/withdraw/AccountsPage')),
  submitted: page('SubmittedPage', () => import('../../features/withdraw/OrderPages')),
  withdrawInfo: page('WithdrawInfoPage', () => import('../../features/withdraw/OrderPages')),
  'split-withdraw': page('SplitWithdrawPage', () => import('../../features/withdraw/SplitWithdrawPage')),
  bankcard: page('BankAccountsPage', () => import('../../features/withdraw/AccountsPage')),
  gcash: page('GcashAccountsPage', () => import('../../features/withdraw/AccountsPage')),
  paymaya: page('MayaAccountsPage', () => import('../../features/withdraw/AccountsPage')),
  'bankcard-add': page('AddBankAccountPage', () => import('../../features/withdraw/AddAccountPage')),
  'gcash-addGcash': page('AddGcashAccountPage', () => import('../../features/withdraw/AddAccountPage')),
  'paymaya-add': page('AddMayaAccountPage', () => import('../../features/withdraw/AddAccountPage')),
  SetWithdrawPwd: page('SetWithdrawPwdPage', () => import('../../features/withdraw/PasswordPages')),
  modifyWithdrawPwd: page('ModifyWithdrawPwdPage', () => import('../../features/withdraw/PasswordPages')),
  forgetWithdrawPwd: page('ForgetWithdrawPwdPage', () => import('../../features/withdraw/PasswordPages')),

  // Identity verification (features/kyc); /kyc-information is the personal-information form (features/kyc/profile).
  aboutKYC: page('AboutKycPage', () => import('../../features/kyc/AboutKycPage')),
  KYCAutomation: page('KycAutomationPage', () => import('../../features/kyc/KycAutomationPage')),
  EKYCAutomation: page('EkycAutomationPage', () => import('../../features/kyc/EkycAutomationPage')),
  'ekyc-zolos': page('ZolosPage', () => import('../../features/kyc/ZolosPage')),
  TakePhotoKYC: page('TakePhotoPage', () => import('../../features/kyc/StepPages')),
  'face-capture': page('FaceCapturePage', () => import('../../features/kyc/StepPages')),
  InformationConfirm: page('InformationConfirmPage', () => import('../../features/kyc/StepPages')),
  KycResult: page('KycResultPage', () => import('../../features/kyc/KycResultPage')),
  MultiAccount: page('MultiAccountPage', () => import('../../features/kyc/MultiAccountPage')),
  // The personal-information form of identity verification (features/kyc/profile).
  'kyc-information': page('PersonalInfoPage', () => import('../../features/kyc/profile/PersonalInfoPage')),

  // Playing (features/casino; the balance composed in by src/app/pages/PlayRoutes).
  game: gameCard,
  newGame: gameCard,
  newGameV2: gameCard,
  ingame: inGame,
  glifeingame: inGame,
  testgame: inGame,
  ingameV2: page('InGameV2Route', () => import('../pages/PlayRoutes')),
  trial: page('TrialRoute', () => import('../pages/PlayRoutes')),
  InGameTransfer: page('InGameTransferRoute', () => import('../pages/PlayRoutes')),
  gameRecordDetail: page('GameRecordDetailPage', () => import('../../features/casino/GameRecordDetailPage')),
  bingo_gamezone: page('BingoZonePage', () => import('../../features/casino/BingoZonePage')),
};

export function pageFor(name: string): RouteComponent {
  return PAGES[name] ?? comingSoon;
}

/** Whether a route has a page of its own (else a later release's: the coming-soon page, titled by the route table). */
export function hasOwnPage(name: string): boolean {
  return PAGES[name] !== undefined;
}

/**
 * The page of `route`, given the route's path parameters and validated search (data.ts) as props: pages
 * take what they show as props and never read the address themselves. Keeps the page's chunk preloading.
 */
export function withRouteProps(Page: RouteComponent, route: AnyRoute): RouteComponent {
  function RoutePage() {
    const params: Record<string, string> = route.useParams();
    const search: Record<string, unknown> = route.useSearch();
    return <Page {...params} {...search} />;
  }
  if (Page.preload) RoutePage.preload = Page.preload;
  return RoutePage;
}
