import * as z from 'zod/mini';
import { searchWhere } from '../../lib/search';

const isMessageId = (value: string) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0;
};

/** /MessageDetails?id=…: the message to open, a positive whole number. */
export const messageSearch = z.object({ id: searchWhere(isMessageId) });
export type MessageSearch = z.output<typeof messageSearch>;
