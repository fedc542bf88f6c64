import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { ADDRESS_PAGE_SIZE } from '../../contract/constants';
import { EVERY_USER_INFO_FIELD } from '../../contract/forms';
import type { UserInfo } from '../../contract/user';
import { session, updateUser } from '../../stores/session';

/** The player's own info with every incl* flag of spec §7; the session keeps the latest copy. */
export const userInfoQuery = (loginName: string) =>
  queryOptions({
    queryKey: ['main', 'customer/getByLoginName', loginName],
    queryFn: async () => {
      const info = await api.call<UserInfo>('main', 'customer/getByLoginName', { loginName, ...EVERY_USER_INFO_FIELD });
      if (session.user?.loginName === info.loginName) updateUser(info);
      return info;
    },
  });

export interface Address {
  id: number;
  recipient: string;
  phone: string;
  province: string;
  city: string;
  postalCode: string;
  line: string;
  isDefault: boolean;
}

/** spec §7: the address list sends onlyCount, pageNo, pageSize 10. */
export const addressesQuery = infiniteQueryOptions({
  queryKey: ['main', 'customer/addressList'],
  queryFn: ({ pageParam }) =>
    api.call<{ total: number; list: Address[] }>('main', 'customer/addressList', {
      onlyCount: false,
      pageNo: pageParam,
      pageSize: ADDRESS_PAGE_SIZE,
    }),
  initialPageParam: 1,
  getNextPageParam: (last, pages) => (pages.length * ADDRESS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
});

export const headImagesQuery = queryOptions({
  queryKey: ['main', 'customer/getHeadImages'],
  queryFn: () => api.call<{ list: string[] }>('main', 'customer/getHeadImages'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const accountQuery = queryOptions({
  queryKey: ['main', 'account/query'],
  queryFn: () =>
    api.call<{ status: string; balance: number; canDelete: boolean; channel: 'email' | 'sms' | 'none' }>('main', 'account/query'),
});
