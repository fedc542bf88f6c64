import type { Way } from '../../../features/withdraw/rules';
import type { SearchOutput } from '../../../lib/search';
import { orderSearch as withdrawalOrderSearch, passwordSearch, splitSearch, withdrawSearch } from '../../../features/withdraw/search';
import { type RouteLoad, routeOf, L, page } from '../route';
import type { Kit } from '../prefetch/withdraw';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;
type WithdrawSearch = SearchOutput<typeof withdrawSearch>;
type OrderSearch = SearchOutput<typeof withdrawalOrderSearch>;

/**
 * A withdraw page: what can be withdrawn, and the accounts of the way shown. A player without a
 * withdrawal password is sent on to set one (features/withdraw/WithdrawPage): that page's code comes as
 * soon as the answer says so, not after the withdraw page has drawn and moved on.
 */
const withdrawPage =
  (fixed?: Way): Load<WithdrawSearch> =>
  ({ queryClient, withdrawSwitchQuery, accountsQuery, ACCOUNT_TYPE_OF, passwordPages }, { way }) => {
    void queryClient.fetchQuery(withdrawSwitchQuery).then(
      (state) => {
        if (!state.hasWithdrawPassword) void passwordPages().catch(() => undefined);
      },
      () => undefined,
    );
    void queryClient.prefetchQuery(accountsQuery(ACCOUNT_TYPE_OF[fixed ?? way ?? 'gcash']));
  };
/** A page of a way's accounts. */
const accounts =
  (way: Way): Load =>
  ({ queryClient, accountsQuery, ACCOUNT_TYPE_OF }) =>
    void queryClient.prefetchQuery(accountsQuery(ACCOUNT_TYPE_OF[way]));
const order: Load<OrderSearch> = ({ queryClient, withdrawalQuery }, { orderNo }) => {
  if (orderNo) void queryClient.prefetchQuery(withdrawalQuery(orderNo));
};
const withdrawSwitch: Load = ({ queryClient, withdrawSwitchQuery }) => void queryClient.prefetchQuery(withdrawSwitchQuery);

/** The routes of features/withdraw. */
export const WITHDRAW_ROUTES = [
  route({
    path: '/setWithdrawPwd/{-$label}',
    name: 'SetWithdrawPwd',
    owner: 'withdraw',
    ...L,
    page: page('SetWithdrawPwdPage', () => import('../../../features/withdraw/PasswordPages')),
    load: withdrawSwitch,
  }),
  route({
    path: '/modifyWithdrawPwd',
    name: 'modifyWithdrawPwd',
    owner: 'withdraw',
    ...L,
    search: passwordSearch,
    page: page('ModifyWithdrawPwdPage', () => import('../../../features/withdraw/PasswordPages')),
  }),
  route({
    path: '/forgetWithdrawPwd',
    name: 'forgetWithdrawPwd',
    owner: 'withdraw',
    ...L,
    search: passwordSearch,
    page: page('ForgetWithdrawPwdPage', () => import('../../../features/withdraw/PasswordPages')),
  }),
  route({
    path: '/wallet/withdraw',
    name: 'WalletWithdraw',
    owner: 'withdraw',
    ...L,
    search: withdrawSearch,
    page: page('WalletWithdrawPage', () => import('../../../features/withdraw/WithdrawPage')),
    load: withdrawPage(),
  }),
  route({
    path: '/wallet-withdraw-app',
    name: 'WalletWithdrawalApp',
    owner: 'withdraw',
    ...L,
    page: page('WithdrawAppPage', () => import('../../../features/withdraw/DirectWithdrawPages')),
    load: withdrawSwitch,
  }),
  route({
    path: '/withdraw',
    name: 'withdraw',
    owner: 'withdraw',
    ...L,
    search: withdrawSearch,
    page: page('WithdrawPage', () => import('../../../features/withdraw/WithdrawPage')),
    load: withdrawPage(),
  }),
  route({
    path: '/withdraw/store',
    name: 'withdraw-store',
    owner: 'withdraw',
    ...L,
    page: page('StoreWithdrawPage', () => import('../../../features/withdraw/DirectWithdrawPages')),
    load: withdrawSwitch,
  }),
  route({
    path: '/withdraw/bank',
    name: 'withdraw-bank',
    owner: 'withdraw',
    ...L,
    search: withdrawSearch,
    page: page('WithdrawBankPage', () => import('../../../features/withdraw/WithdrawPage')),
    load: withdrawPage('bank'),
  }),
  route({
    path: '/withdraw/bankcard',
    name: 'withdraw-bankcard',
    owner: 'withdraw',
    ...L,
    page: page('ChooseBankAccountPage', () => import('../../../features/withdraw/AccountsPage')),
    load: accounts('bank'),
  }),
  route({
    path: '/withdraw/gcash',
    name: 'withdraw-gcash',
    owner: 'withdraw',
    ...L,
    search: withdrawSearch,
    page: page('WithdrawGcashPage', () => import('../../../features/withdraw/WithdrawPage')),
    load: withdrawPage('gcash'),
  }),
  route({
    path: '/withdraw/gcashAccount',
    name: 'withdraw-gcashAccount',
    owner: 'withdraw',
    ...L,
    page: page('ChooseGcashAccountPage', () => import('../../../features/withdraw/AccountsPage')),
    load: accounts('gcash'),
  }),
  route({
    path: '/submitted',
    name: 'submitted',
    owner: 'withdraw',
    ...L,
    search: withdrawalOrderSearch,
    page: page('SubmittedPage', () => import('../../../features/withdraw/OrderPages')),
    load: order,
  }),
  route({
    path: '/withdrawInfo',
    name: 'withdrawInfo',
    owner: 'withdraw',
    ...L,
    search: withdrawalOrderSearch,
    page: page('WithdrawInfoPage', () => import('../../../features/withdraw/OrderPages')),
    load: order,
  }),
  route({
    path: '/split-withdraw',
    name: 'split-withdraw',
    owner: 'withdraw',
    ...L,
    search: splitSearch,
    page: page('SplitWithdrawPage', () => import('../../../features/withdraw/SplitWithdrawPage')),
  }),
  route({
    path: '/bankcard',
    name: 'bankcard',
    owner: 'withdraw',
    ...L,
    page: page('BankAccountsPage', () => import('../../../features/withdraw/AccountsPage')),
    load: accounts('bank'),
  }),
  route({
    path: '/bankcard/add',
    name: 'bankcard-add',
    owner: 'withdraw',
    ...L,
    page: page('AddBankAccountPage', () => import('../../../features/withdraw/AddAccountPage')),
    load: ({ queryClient, withdrawBanksQuery, accountsQuery, ACCOUNT_TYPE_OF }) => {
      void queryClient.prefetchQuery(withdrawBanksQuery);
      void queryClient.prefetchQuery(accountsQuery(ACCOUNT_TYPE_OF.bank));
    },
  }),
  route({
    path: '/gcash',
    name: 'gcash',
    owner: 'withdraw',
    ...L,
    page: page('GcashAccountsPage', () => import('../../../features/withdraw/AccountsPage')),
    load: accounts('gcash'),
  }),
  route({
    path: '/gcash/addGcash',
    name: 'gcash-addGcash',
    owner: 'withdraw',
    ...L,
    page: page('AddGcashAccountPage', () => import('../../../features/withdraw/AddAccountPage')),
    load: accounts('gcash'),
  }),
  route({
    path: '/paymaya',
    name: 'paymaya',
    owner: 'withdraw',
    ...L,
    page: page('MayaAccountsPage', () => import('../../../features/withdraw/AccountsPage')),
    load: accounts('maya'),
  }),
  route({
    path: '/paymaya/add',
    name: 'paymaya-add',
    owner: 'withdraw',
    ...L,
    page: page('AddMayaAccountPage', () => import('../../../features/withdraw/AddAccountPage')),
    load: accounts('maya'),
  }),
] as const;
