import { queryClient } from '../../../api/instance';
import { accountQuery, addressesQuery, headImagesQuery, userInfoQuery } from '../../../features/account/api';
import { session } from '../../../stores/session';
import { type RoutesData, data } from '../data';

/** The player's own info, for the pages that show or edit it (login required: the session has the name). */
const me = data({
  prefetch: () => {
    const loginName = session.user?.loginName;
    if (loginName) void queryClient.prefetchQuery(userInfoQuery(loginName));
  },
});

export const ROUTE_DATA: RoutesData = {
  userinfo: me,
  infomation: me,
  personalInformation: me,
  modifyNickName: me,
  myAddress: data({ prefetch: () => void queryClient.prefetchInfiniteQuery(addressesQuery) }),
  avatar: data({ prefetch: () => void queryClient.prefetchQuery(headImagesQuery) }),
  deleteAccount: data({ prefetch: () => void queryClient.prefetchQuery(accountQuery) }),
};
