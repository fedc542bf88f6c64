import { loginSearch } from '../../features/auth/search';
import { ticketSearch } from '../../features/bets/search';
import { gameRecordSearch, gameSearch as playSearch, roundSearch, transferSearch } from '../../features/casino/search';
import { gameSearch } from '../../features/games/search';
import { faceCaptureSearch } from '../../features/kyc/search';
import { messageSearch } from '../../features/messages/search';
import { rgSearch } from '../../features/responsibleGaming/search';
import { maintenanceSearch } from '../../features/site/search';
import { liveMatchSearch, sportsSearch } from '../../features/sports/search';
import { supportSearch } from '../../features/support/search';
import {
  RECORD_TABS,
  bankOrderSearch,
  depositSearch,
  orderSearch as depositOrderSearch,
  recordDetailSearch,
  recordSearch,
} from '../../features/wallet/search';
import { orderSearch as withdrawalOrderSearch, passwordSearch, splitSearch, withdrawSearch } from '../../features/withdraw/search';
import { type SearchSchema, searchObject, searchOneOf } from '../../lib/search';
import type { RouteName } from './table';

/**
 * The search schema of each route's query (lib/search.ts, a hand parse) (the router's validateSearch): the page receives the result as
 * props and parses nothing by hand. Light (the features' search files only), so it is part of the shell;
 * what a route prefetches is in data.ts, its own chunk.
 */

/** /record: the wallet's tabs and bill type, and the casino's games tab with its period and category. */
export const recordRouteSearch = searchObject({
  ...recordSearch.shape,
  tab: searchOneOf([...RECORD_TABS, 'games']),
  ...gameRecordSearch,
});

export const ROUTE_SEARCH: Partial<Record<RouteName, SearchSchema>> = {
  game: playSearch,
  newGame: playSearch,
  newGameV2: playSearch,
  ingame: playSearch,
  ingameV2: playSearch,
  glifeingame: playSearch,
  testgame: playSearch,
  trial: playSearch,
  InGameTransfer: transferSearch,
  gameRecordDetail: roundSearch,
  login: loginSearch,
  search: gameSearch,
  withdraw: withdrawSearch,
  WalletWithdraw: withdrawSearch,
  'withdraw-gcash': withdrawSearch,
  'withdraw-bank': withdrawSearch,
  submitted: withdrawalOrderSearch,
  withdrawInfo: withdrawalOrderSearch,
  'split-withdraw': splitSearch,
  modifyWithdrawPwd: passwordSearch,
  forgetWithdrawPwd: passwordSearch,
  Maintenance: maintenanceSearch,
  'face-capture': faceCaptureSearch,
  Home_sports: sportsSearch,
  LiveSportGame: liveMatchSearch,
  'history-detail': ticketSearch,
  WalletDeposit: depositSearch,
  WalletDepositApp: depositSearch,
  gpoorder: depositOrderSearch,
  bankorder: bankOrderSearch,
  record: recordRouteSearch,
  recordDetail: recordDetailSearch,
  MessageDetails: messageSearch,
  'live-support': supportSearch,
  ocssLdpage: supportSearch,
  responsibleGaming: rgSearch,
  'responsive-gaming': rgSearch,
};
