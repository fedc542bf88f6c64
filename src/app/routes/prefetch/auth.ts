import { queryClient } from '../../../api/instance';
import { securityInfoQuery } from '../../../features/auth/securityApi';
import { session } from '../../../stores/session';
import { type RoutesData, data } from '../data';

/** What the security centre's pages show (login required: the session has the name). */
const securityInfo = data({
  prefetch: () => {
    const loginName = session.user?.loginName;
    if (loginName) void queryClient.prefetchQuery(securityInfoQuery(loginName));
  },
});

export const ROUTE_DATA: RoutesData = {
  security: securityInfo,
  setLoginPwd: securityInfo,
  modifyLoginPwd: securityInfo,
  changeEmail: securityInfo,
  verifyEmail: securityInfo,
};
