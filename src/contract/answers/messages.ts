import * as z from 'zod/mini';
import { isoTime } from './common';

const messageType = z.union([z.literal(1), z.literal(2)]);

/** message/unreadCount and markRead. */
export const unreadAnswer = z.strictObject({ unreadInbox: z.int(), unreadNotice: z.int() });
export type UnreadCounts = z.infer<typeof unreadAnswer>;

/** message/list: newest first, the body cut to a summary. */
export const messageListAnswer = z.strictObject({
  total: z.int(),
  pageNo: z.int(),
  list: z.array(
    z.strictObject({ id: z.int(), type: messageType, title: z.string(), summary: z.string(), createdAt: isoTime, read: z.boolean() }),
  ),
});
/** message/detail (reading it marks it read). */
export const messageAnswer = z.strictObject({
  id: z.int(),
  type: messageType,
  title: z.string(),
  body: z.string(),
  createdAt: isoTime,
  read: z.literal(true),
});
