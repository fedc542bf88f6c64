import { queryClient } from '../../../api/instance';
import { accountsQuery, withdrawBanksQuery, withdrawSwitchQuery, withdrawalQuery } from '../../../features/withdraw/api';
import { ACCOUNT_TYPE_OF, type Way } from '../../../features/withdraw/rules';
import { orderSearch, withdrawSearch } from '../../../features/withdraw/search';
import { type RoutesData, data } from '../data';

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
  search: orderSearch,
  prefetch: ({ orderNo }) => {
    if (orderNo) void queryClient.prefetchQuery(withdrawalQuery(orderNo));
  },
});
const withdrawSwitch = data({ prefetch: () => void queryClient.prefetchQuery(withdrawSwitchQuery) });

export const ROUTE_DATA: RoutesData = {
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
  SetWithdrawPwd: withdrawSwitch,
};
