import { queryClient } from '../../../api/instance';
import { billQuery, orderQuery, payWaysQuery } from '../../../features/wallet/api';
import { balanceQuery } from '../../../features/wallet/balance';
import { depositSearch, orderSearch, recordDetailSearch } from '../../../features/wallet/search';
import { type RoutesData, data } from '../data';

const deposit = data({ search: depositSearch, prefetch: () => void queryClient.prefetchQuery(payWaysQuery) });

export const ROUTE_DATA: RoutesData = {
  WalletDeposit: deposit,
  WalletDepositApp: deposit,
  gpoorder: data({
    search: orderSearch,
    prefetch: ({ orderNo }, { preload }) => {
      if (orderNo && !preload) void queryClient.prefetchQuery(orderQuery(orderNo));
    },
  }),
  fundAccount: data({ prefetch: () => void queryClient.prefetchQuery(balanceQuery) }),
  recordDetail: data({
    search: recordDetailSearch,
    prefetch: ({ billNo }) => {
      if (billNo) void queryClient.prefetchQuery(billQuery(billNo));
    },
  }),
};
