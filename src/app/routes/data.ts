import type { SearchOutput, SearchSchema } from '../../lib/search';
import { queryClient } from '../../api/instance';
import { loginSearch } from '../../features/auth/search';
import { securityInfoQuery } from '../../features/auth/securityApi';
import { accountQuery, addressesQuery, headImagesQuery, userInfoQuery } from '../../features/account/api';
import { betListQuery, ticketQuery } from '../../features/bets/api';
import { docQuery, docsQuery } from '../../features/content/docs';
import { FAQ_ARTICLES, type FaqArticle } from '../../contract/faq/types';
import { LEGAL_DOCS } from '../../features/content/docs/types';
import { ticketSearch } from '../../features/bets/search';
import { messageQuery, messagesQuery, unreadQuery } from '../../features/messages/api';
import { messageSearch } from '../../features/messages/search';
import { chatQuery } from '../../features/support/api';
import { chatContextOf, supportSearch } from '../../features/support/search';
import { outrightsQuery, sportSwitchQuery } from '../../features/sports/api';
import { faceCaptureSearch } from '../../features/kyc/search';
import { maintenanceSearch } from '../../features/site/search';
import { gameSearch } from '../../features/games/search';
import { gameListQuery } from '../../features/games/queries';
import { billQuery, orderQuery, payWaysQuery } from '../../features/wallet/api';
import { balanceQuery } from '../../features/wallet/balance';
import { bankOrderSearch, depositSearch, orderSearch as depositOrderSearch, recordDetailSearch } from '../../features/wallet/search';
import { liveMatchSearch, sportsSearch } from '../../features/sports/search';
import { accountsQuery, withdrawBanksQuery, withdrawSwitchQuery, withdrawalQuery } from '../../features/withdraw/api';
import { ACCOUNT_TYPE_OF, type Way } from '../../features/withdraw/rules';
import { orderSearch as withdrawalOrderSearch, passwordSearch, splitSearch, withdrawSearch } from '../../features/withdraw/search';
import { gameSearch as playSearch, roundSearch, transferSearch } from '../../features/casino/search';
import { gameQuery, gameRecordDetailQuery, gameListQuery as bingoRoomsQuery } from '../../features/casino/api';
import { recordRouteSearch } from './search';
import { i18next } from '../../i18n';
import { session } from '../../stores/session';
import type { RouteName } from './table';

/**
 * What a route knows about its address and its data, beside its page (pages.tsx). Its own chunk, loaded
 * after the first paint (router.tsx); the router validates with the same schemas from search.ts, which
 * the shell holds (a unit test checks they agree):
 *  - `search`: the search schema of its query (the router's validateSearch); the page receives the result
 *    as props and parses nothing by hand;
 *  - `prefetch`: the data its page will ask for, started by the route's loader so the request runs while
 *    the page's chunk downloads (and on hover, when the router preloads). It does not wait: the page
 *    shows its own skeleton and errors, as before; the page's query then finds the request under way.
 */
export interface RouteData<S extends SearchSchema = SearchSchema> {
  search?: S;
  prefetch?: (search: SearchOutput<S>, route: { params: Record<string, string>; preload: boolean }) => void;
}

function data<S extends SearchSchema>(route: RouteData<S>): RouteData {
  return route as RouteData;
}

const ticket = data({
  search: ticketSearch,
  prefetch: ({ transId }) => {
    if (transId) void queryClient.prefetchQuery(ticketQuery(transId));
  },
});

/** What the security centre's pages show (login required: the session has the name). */
const securityInfo = data({
  prefetch: () => {
    const loginName = session.user?.loginName;
    if (loginName) void queryClient.prefetchQuery(securityInfoQuery(loginName));
  },
});

/** The player's own info, for the pages that show or edit it (login required: the session has the name). */
const me = data({
  prefetch: () => {
    const loginName = session.user?.loginName;
    if (loginName) void queryClient.prefetchQuery(userInfoQuery(loginName));
  },
});

/** A withdraw page: what can be withdrawn, and the accounts of the way shown. */
const withdrawPage = (fixed?: Way) =>
  data({
    search: withdrawSearch,
    prefetch: ({ way }) => {
      void queryClient.prefetchQuery(withdrawSwitchQuery);
      void queryClient.prefetchQuery(accountsQuery(ACCOUNT_TYPE_OF[fixed ?? way ?? 'gcash']));
    },
  });
const accounts = (way: Way) => data({ prefetch: () => void queryClient.prefetchQuery(accountsQuery(ACCOUNT_TYPE_OF[way])) });
const order = data({
  search: withdrawalOrderSearch,
  prefetch: ({ orderNo }) => {
    if (orderNo) void queryClient.prefetchQuery(withdrawalQuery(orderNo));
  },
});
const withdrawSwitch = data({ prefetch: () => void queryClient.prefetchQuery(withdrawSwitchQuery) });

const legalDocs = Object.fromEntries(
  Object.entries(LEGAL_DOCS).map(([name, slug]) => [
    name,
    data({ prefetch: () => void queryClient.prefetchQuery(docQuery(slug, i18next.language)) }),
  ]),
);

const deposit = data({ search: depositSearch, prefetch: () => void queryClient.prefetchQuery(payWaysQuery) });

/** A game card or a game: the game from the lists (precached static files). */
const game = data({
  search: playSearch,
  prefetch: ({ gameId }) => {
    if (gameId) void queryClient.prefetchQuery(gameQuery(Number(gameId)));
  },
});

/** The support chat: its history (a real visit only: opened about a topic, the agent hears of it). */
const supportChat = (routeName: string) =>
  data({
    search: supportSearch,
    prefetch: (search, { preload }) => {
      if (!preload) void queryClient.prefetchQuery(chatQuery(chatContextOf(search, routeName), search.conversationId));
    },
  });

export const ROUTE_DATA: Partial<Record<RouteName, RouteData>> = {
  game,
  newGame: game,
  newGameV2: game,
  ingame: game,
  ingameV2: game,
  glifeingame: game,
  testgame: game,
  trial: game,
  InGameTransfer: data({ search: transferSearch }),
  gameRecordDetail: data({
    search: roundSearch,
    prefetch: ({ roundId }) => {
      if (roundId) void queryClient.prefetchQuery(gameRecordDetailQuery(roundId));
    },
  }),
  bingo_gamezone: data({ prefetch: () => void queryClient.prefetchQuery(bingoRoomsQuery) }),
  ...legalDocs,
  faq: data({ prefetch: () => void queryClient.prefetchQuery(docsQuery(FAQ_ARTICLES, i18next.language)) }),
  faqArticle: data({
    prefetch: (_, { params }) => {
      const article = params['article'] ?? '';
      if ((FAQ_ARTICLES as readonly string[]).includes(article)) {
        void queryClient.prefetchQuery(docQuery(article as FaqArticle, i18next.language));
      }
    },
  }),
  userinfo: me,
  infomation: me,
  personalInformation: me,
  modifyNickName: me,
  myAddress: data({ prefetch: () => void queryClient.prefetchInfiniteQuery(addressesQuery) }),
  avatar: data({ prefetch: () => void queryClient.prefetchQuery(headImagesQuery) }),
  deleteAccount: data({ prefetch: () => void queryClient.prefetchQuery(accountQuery) }),
  login: data({ search: loginSearch }),
  // The casino lobby and its search read the same static game lists (cached by the service worker).
  Home_games: data({ prefetch: () => void queryClient.prefetchQuery(gameListQuery) }),
  search: data({ search: gameSearch, prefetch: () => void queryClient.prefetchQuery(gameListQuery) }),
  security: securityInfo,
  setLoginPwd: securityInfo,
  modifyLoginPwd: securityInfo,
  changeEmail: securityInfo,
  verifyEmail: securityInfo,
  withdraw: withdrawPage(),
  WalletWithdraw: withdrawPage(),
  'withdraw-gcash': withdrawPage('gcash'),
  'withdraw-bank': withdrawPage('bank'),
  'withdraw-store': withdrawSwitch,
  WalletWithdrawalApp: withdrawSwitch,
  'withdraw-bankcard': accounts('bank'),
  'withdraw-gcashAccount': accounts('gcash'),
  bankcard: accounts('bank'),
  gcash: accounts('gcash'),
  paymaya: accounts('maya'),
  'bankcard-add': data({
    prefetch: () => {
      void queryClient.prefetchQuery(withdrawBanksQuery);
      void queryClient.prefetchQuery(accountsQuery(ACCOUNT_TYPE_OF.bank));
    },
  }),
  'gcash-addGcash': accounts('gcash'),
  'paymaya-add': accounts('maya'),
  submitted: order,
  withdrawInfo: order,
  'split-withdraw': data({ search: splitSearch }),
  SetWithdrawPwd: withdrawSwitch,
  modifyWithdrawPwd: data({ search: passwordSearch }),
  forgetWithdrawPwd: data({ search: passwordSearch }),
  Maintenance: data({ search: maintenanceSearch }),
  'face-capture': data({ search: faceCaptureSearch }),
  Home_sports: data({
    search: sportsSearch,
    prefetch: ({ mode, sportId }) => {
      void queryClient.prefetchQuery(sportSwitchQuery);
      if (mode === 'outright') void queryClient.prefetchQuery(outrightsQuery(sportId ?? '1'));
    },
  }),
  LiveSportGame: data({ search: liveMatchSearch }),
  betRecord: data({ prefetch: () => void queryClient.prefetchInfiniteQuery(betListQuery({ status: 'running' })) }),
  'history-detail': ticket,
  WalletDeposit: deposit,
  WalletDepositApp: deposit,
  gpoorder: data({
    search: depositOrderSearch,
    prefetch: ({ orderNo }, { preload }) => {
      if (orderNo && !preload) void queryClient.prefetchQuery(orderQuery(orderNo));
    },
  }),
  bankorder: data({ search: bankOrderSearch }),
  fundAccount: data({ prefetch: () => void queryClient.prefetchQuery(balanceQuery) }),
  record: data({ search: recordRouteSearch }),
  recordDetail: data({
    search: recordDetailSearch,
    prefetch: ({ billNo }) => {
      if (billNo) void queryClient.prefetchQuery(billQuery(billNo));
    },
  }),
  Notifications: data({
    prefetch: () => {
      void queryClient.prefetchQuery(unreadQuery);
      void queryClient.prefetchInfiniteQuery(messagesQuery(1));
    },
  }),
  'live-support': supportChat('live-support'),
  ocssLdpage: supportChat('ocssLdpage'),
  MessageDetails: data({
    search: messageSearch,
    // Reading a message marks it read: only a real visit fetches it, not a hover.
    prefetch: ({ id }, { preload }) => {
      if (id && !preload) void queryClient.prefetchQuery(messageQuery(Number(id)));
    },
  }),
};

export function routeDataFor(name: string): RouteData {
  return ROUTE_DATA[name as RouteName] ?? {};
}
