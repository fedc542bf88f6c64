import { searchObject, searchWhere, type SearchOutput } from '../../lib/search';

const isMessageId = (value: string) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0;
};

/** /MessageDetails?id=…: the message to open, a positive whole number. */
export const messageSearch = searchObject({ id: searchWhere(isMessageId) });
export type MessageSearch = SearchOutput<typeof messageSearch>;
