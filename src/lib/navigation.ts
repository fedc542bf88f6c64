/**
 * A way for code outside React (the API client's effects, the service-worker wiring) to move the player
 * to another page without importing the router: the router registers itself here at start.
 */
type Navigate = (href: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (href) => {
  location.assign(href);
};

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(href: string, options?: { replace?: boolean }): void {
  navigator(href, options);
}

/** The customer-service page (spec §2 /live-support), reached from every dialog's Customer Service button. */
export const CUSTOMER_SERVICE_PATH = '/live-support';

/** What a Customer Service button was about (src/contract/support.ts SUPPORT_TOPICS), with its order or ticket. */
export interface ServiceTopic {
  about: 'withdrawal' | 'deposit' | 'bet' | 'kyc';
  orderNo?: string | undefined;
  transId?: string | undefined;
}

/**
 * The chat, opened from a page (its route name) about a topic: the support page reads these as its
 * search (src/features/support/search.ts) and the agent sees them (checked to be the player's own).
 */
export function customerServiceSearch(from: string, topic?: ServiceTopic): Record<string, string> {
  const search: Record<string, string> = {};
  if (from) search['from'] = from;
  if (topic) {
    search['about'] = topic.about;
    if (topic.orderNo) search['orderNo'] = topic.orderNo;
    if (topic.transId) search['transId'] = topic.transId;
  }
  return search;
}

/** The same as an address (for navigateTo). */
export function customerServiceHref(from: string, topic?: ServiceTopic): string {
  const text = new URLSearchParams(customerServiceSearch(from, topic)).toString();
  return text ? `${CUSTOMER_SERVICE_PATH}?${text}` : CUSTOMER_SERVICE_PATH;
}
