import { loginSearch, socialCallbackSearch } from '../../../features/auth/search';
import { type RouteLoad, routeOf, L, page } from '../route';
import type { Kit } from '../prefetch/auth';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

/** What the security centre's pages show (login required: the session has the name). */
const securityInfo: Load = ({ queryClient, session, securityInfoQuery }) => {
  const loginName = session.user?.loginName;
  if (loginName) void queryClient.prefetchQuery(securityInfoQuery(loginName));
};

/** The routes of features/auth. */
export const AUTH_ROUTES = [
  route({
    path: '/login',
    name: 'login',
    owner: 'auth',
    search: loginSearch,
    page: page('LoginPage', () => import('../../../features/auth/LoginPage')),
  }),
  route({
    path: '/security',
    name: 'security',
    owner: 'auth',
    ...L,
    page: page('SecurityPage', () => import('../../../features/auth/SecurityPage')),
    load: securityInfo,
  }),
  route({
    path: '/setLoginPwd',
    name: 'setLoginPwd',
    owner: 'auth',
    ...L,
    page: page('SetLoginPwdPage', () => import('../../../features/auth/LoginPasswordPages')),
    load: securityInfo,
  }),
  route({
    path: '/modifyLoginPwd',
    name: 'modifyLoginPwd',
    owner: 'auth',
    ...L,
    page: page('ModifyLoginPwdPage', () => import('../../../features/auth/LoginPasswordPages')),
    load: securityInfo,
  }),
  route({
    path: '/forgetPassword',
    name: 'forgetPassword',
    owner: 'auth',
    page: page('ForgetPasswordPage', () => import('../../../features/auth/ForgetPasswordPage')),
  }),
  route({
    path: '/resetPassword',
    name: 'resetPassword',
    owner: 'auth',
    page: page('ResetPasswordPage', () => import('../../../features/auth/ResetPasswordPage')),
  }),
  route({
    path: '/setPhone/{-$label}',
    name: 'SetPhone',
    owner: 'auth',
    ...L,
    page: page('SetPhonePage', () => import('../../../features/auth/PhonePages')),
  }),
  route({
    path: '/bindPhone',
    name: 'bindPhone',
    owner: 'auth',
    ...L,
    page: page('SetPhonePage', () => import('../../../features/auth/PhonePages')),
  }),
  route({
    path: '/changePhone',
    name: 'changePhone',
    owner: 'auth',
    ...L,
    page: page('ChangePhonePage', () => import('../../../features/auth/PhonePages')),
  }),
  route({
    path: '/changeEmail',
    name: 'changeEmail',
    owner: 'auth',
    ...L,
    page: page('ChangeEmailPage', () => import('../../../features/auth/EmailPages')),
    load: securityInfo,
  }),
  route({
    path: '/verifyEmail',
    name: 'verifyEmail',
    owner: 'auth',
    ...L,
    page: page('VerifyEmailPage', () => import('../../../features/auth/EmailPages')),
    load: securityInfo,
  }),
  // Google's and Apple's way back (issue 36): the code and state exchanged on our server, once.
  route({
    path: '/googleloginredirect',
    name: 'googleloginredirect',
    owner: 'auth',
    search: socialCallbackSearch,
    page: page('SocialLoginPage', () => import('../../../features/auth/SocialLoginPage')),
  }),
] as const;
