import {
  RECORD_TABS,
  bankOrderSearch,
  depositSearch,
  orderSearch as depositOrderSearch,
  recordDetailSearch,
  recordSearch,
} from '../../../features/wallet/search';
import { gameRecordSearch } from '../../../features/casino/search';
import { searchObject, searchOneOf } from '../../../lib/search';
import { type RouteLoad, routeOf, L, page } from '../route';
import type { Kit } from '../prefetch/wallet';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

/** The deposit page: its ways to pay, and whether responsible gaming's deposit-limit offer comes first (app/pages/DepositRoute). */
const deposit: Load = ({ queryClient, payWaysQuery, rgStatusQuiet, isLoggedIn, session }) => {
  void queryClient.prefetchQuery(payWaysQuery);
  if (isLoggedIn()) void queryClient.prefetchQuery(rgStatusQuiet(session.webToken.token));
};

/** /record: the wallet's tabs and bill type, and the casino's games tab with its period and category. */
export const recordRouteSearch = searchObject({
  ...recordSearch.shape,
  tab: searchOneOf([...RECORD_TABS, 'games']),
  ...gameRecordSearch,
});

/** The routes of features/wallet. */
export const WALLET_ROUTES = [
  route({
    path: '/wallet/deposit',
    name: 'WalletDeposit',
    owner: 'wallet',
    ...L,
    search: depositSearch,
    page: page('DepositRoute', () => import('../../pages/DepositRoute')),
    load: deposit,
  }),
  route({
    path: '/wallet-deposit-app',
    name: 'WalletDepositApp',
    owner: 'wallet',
    ...L,
    search: depositSearch,
    page: page('DepositRoute', () => import('../../pages/DepositRoute')),
    load: deposit,
  }),
  route({
    path: '/bankorder',
    name: 'bankorder',
    owner: 'wallet',
    ...L,
    search: bankOrderSearch,
    page: page('BankOrderPage', () => import('../../../features/wallet/BankOrderPage')),
  }),
  route({
    path: '/gpoorder',
    name: 'gpoorder',
    owner: 'wallet',
    ...L,
    search: depositOrderSearch,
    page: page('OrderStatusPage', () => import('../../../features/wallet/OrderStatusPage')),
    load: ({ queryClient, orderQuery }, { orderNo }, { preload }) => {
      if (orderNo && !preload) void queryClient.prefetchQuery(orderQuery(orderNo));
    },
  }),
  route({
    path: '/giftCard',
    name: 'giftCard',
    owner: 'wallet',
    ...L,
    page: page('GiftCardPage', () => import('../../../features/wallet/GiftCardPage')),
  }),
  route({
    path: '/fundAccount',
    name: 'fundAccount',
    owner: 'wallet',
    ...L,
    page: page('FundAccountPage', () => import('../../../features/wallet/FundAccountPage')),
    load: ({ queryClient, balanceQuery }) => void queryClient.prefetchQuery(balanceQuery),
  }),
  route({
    path: '/record',
    name: 'record',
    owner: 'wallet',
    ...L,
    search: recordRouteSearch,
    page: page('RecordRoute', () => import('../../pages/RecordRoute')),
  }),
  route({
    path: '/recordDetail',
    name: 'recordDetail',
    owner: 'wallet',
    ...L,
    search: recordDetailSearch,
    page: page('RecordDetailPage', () => import('../../../features/wallet/RecordDetailPage')),
    load: ({ queryClient, billQuery }, { billNo }) => {
      if (billNo) void queryClient.prefetchQuery(billQuery(billNo));
    },
  }),
  route({
    path: '/my-history',
    name: 'my-history',
    owner: 'wallet',
    ...L,
    page: page('MyHistoryRoute', () => import('../../pages/MyHistoryRoute')),
  }),
] as const;
