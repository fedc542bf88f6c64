import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { UserInfo } from '../../contract/user';
import { session } from '../../stores/session';
import { userInfoQuery } from './api';

/** The logged-in player's info: what the session holds at once, then the server's latest. */
export function useMe(): UserInfo | null {
  const { user } = useSnapshot(session);
  const { data } = useQuery({ ...userInfoQuery(user?.loginName ?? ''), enabled: Boolean(user?.loginName) });
  return (data ?? user) as UserInfo | null;
}
