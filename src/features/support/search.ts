import type { SupportContext } from '../../contract/support';
import { SUPPORT_TOPICS } from '../../contract/supportConstants';
import { type SearchOutput, searchObject, searchOneOf, searchWhere } from '../../lib/search';

const reference = searchWhere((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value));

/**
 * /live-support and /ocssLdpage (spec §2): what the chat was opened about, as the Customer Service
 * buttons and the floating entry write it (src/lib/navigation.ts customerServiceHref): the page it came
 * from, the topic and its order or ticket; or one of the player's conversations (from /messages).
 */
export const supportSearch = searchObject({
  from: searchWhere((value) => /^[A-Za-z0-9_-]{1,60}$/.test(value)),
  about: searchOneOf(SUPPORT_TOPICS),
  orderNo: reference,
  transId: reference,
  conversationId: searchWhere((value) => /^[A-Za-z0-9_-]{16,64}$/.test(value)),
});
export type SupportSearch = SearchOutput<typeof supportSearch>;

/** What the chat tells the server it was opened about: the page it came from (else the chat's own route) and the topic. */
export function chatContextOf({ from, about, orderNo, transId }: SupportSearch, routeName: string): SupportContext {
  return {
    page: from ?? routeName,
    ...(about ? { about } : {}),
    ...((about === 'withdrawal' || about === 'deposit') && orderNo ? { orderNo } : {}),
    ...(about === 'bet' && transId ? { transId } : {}),
  };
}
