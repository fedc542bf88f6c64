import { type RouteLoad, routeOf, L, page } from '../route';
import type { Kit } from '../prefetch/account';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

/** The player's own info, for the pages that show or edit it (login required: the session has the name). */
const me: Load = ({ queryClient, session, userInfoQuery }) => {
  const loginName = session.user?.loginName;
  if (loginName) void queryClient.prefetchQuery(userInfoQuery(loginName));
};

/** The routes of features/account. */
export const ACCOUNT_ROUTES = [
  route({ path: '/account', name: 'Account', owner: 'account', page: page('AccountRoute', () => import('../../pages/AccountRoute')) }),
  route({
    path: '/userinfo',
    name: 'userinfo',
    owner: 'account',
    ...L,
    page: page('UserInfoPage', () => import('../../../features/account/UserInfoPage')),
    load: me,
  }),
  route({
    path: '/infomation',
    name: 'infomation',
    owner: 'account',
    ...L,
    page: page('UserInfoPage', () => import('../../../features/account/UserInfoPage')),
    load: me,
  }),
  route({
    path: '/personalInformation',
    name: 'personalInformation',
    owner: 'account',
    ...L,
    page: page('PersonalInformationPage', () => import('../../../features/account/PersonalInformationPage')),
    load: me,
  }),
  route({
    path: '/avatar',
    name: 'avatar',
    owner: 'account',
    ...L,
    page: page('AvatarPage', () => import('../../../features/account/AvatarPage')),
    load: ({ queryClient, headImagesQuery }) => void queryClient.prefetchQuery(headImagesQuery),
  }),
  route({
    path: '/modifyNickName',
    name: 'modifyNickName',
    owner: 'account',
    ...L,
    page: page('NickNamePage', () => import('../../../features/account/NickNamePage')),
    load: me,
  }),
  route({
    path: '/myAddress',
    name: 'myAddress',
    owner: 'account',
    ...L,
    page: page('AddressPage', () => import('../../../features/account/AddressPage')),
    load: ({ queryClient, addressesQuery }) => void queryClient.prefetchInfiniteQuery(addressesQuery),
  }),
  route({
    path: '/deleteAccount',
    name: 'deleteAccount',
    owner: 'account',
    ...L,
    page: page('DeleteAccountRoute', () => import('../../pages/DeleteAccountRoute')),
    load: ({ queryClient, accountQuery }) => void queryClient.prefetchQuery(accountQuery),
  }),
  route({
    path: '/settings',
    name: 'settings',
    owner: 'account',
    page: page('SettingsRoute', () => import('../../pages/SettingsRoute')),
  }),
] as const;
