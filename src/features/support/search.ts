import { SUPPORT_TOPICS } from '../../contract/support';
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
