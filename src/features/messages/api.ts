import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';

export type MessageType = 1 | 2;

export interface MessageSummary {
  id: number;
  type: MessageType;
  title: string;
  summary: string;
  createdAt: string;
  read: boolean;
}

export const unreadQuery = queryOptions({
  queryKey: ['main', 'message/unreadCount'],
  queryFn: () => api.call<{ unreadInbox: number; unreadNotice: number }>('main', 'message/unreadCount', {}, { quiet: true }),
  staleTime: 30_000,
});

const PAGE_SIZE = 20;

export const messagesQuery = (type: MessageType) =>
  infiniteQueryOptions({
    queryKey: ['main', 'message/list', type],
    queryFn: ({ pageParam }) =>
      api.call<{ total: number; list: MessageSummary[] }>('main', 'message/list', { type, pageNo: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

export const messageQuery = (id: number) =>
  queryOptions({
    queryKey: ['main', 'message/detail', id],
    queryFn: () =>
      api.call<{ id: number; type: MessageType; title: string; body: string; createdAt: string }>('main', 'message/detail', { id }),
  });

export function markAllRead(type: MessageType) {
  return api.call<{ unreadInbox: number; unreadNotice: number }>('main', 'message/markRead', { type });
}
