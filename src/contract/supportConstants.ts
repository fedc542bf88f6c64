/**
 * What the support chat's route and the Customer Service buttons need without the chat's schemas (and zod
 * with them): the route's search is read by the app's entry (src/app/routes/search.ts), which must not
 * load zod (the games lobby's first screen, issue 14). The calls and schemas: contract/support.ts.
 */

/** What a dialog's "Customer Service" button was about (spec §8); the page is always sent. */
export const SUPPORT_TOPICS = ['withdrawal', 'deposit', 'bet', 'kyc'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
