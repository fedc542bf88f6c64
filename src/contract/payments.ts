/** Payment channels, account types and the money statuses our side speaks, whichever provider is behind. */

/** Where money comes from or goes to. */
export const PaymentChannel = { GCash: 'gcash', Maya: 'maya', Bank: 'bank' } as const;
export type PaymentChannel = (typeof PaymentChannel)[keyof typeof PaymentChannel];

/** accountType of the accounts list (spec §7): 0 bank, 11 GCash, 12 Maya. */
export const PaymentAccountType = { Bank: 0, GCash: 11, Maya: 12 } as const;
export type PaymentAccountType = (typeof PaymentAccountType)[keyof typeof PaymentAccountType];

/**
 * How a deposit checkout ended, in our words. `paid` is the only outcome that credits the wallet; the
 * others close the order with a message that says what the player can do.
 */
export type DepositOutcome = 'paid' | 'failed' | 'expired' | 'cancelled';

/** A payout (withdrawal) as our side follows it: accepted → pending → succeeded | failed, later maybe reversed. */
export type PayoutStatus = 'accepted' | 'pending' | 'succeeded' | 'failed' | 'reversed';

/** The interbank rails: InstaPay settles in minutes up to ₱50,000 a transfer, PESONet at its next cycle. */
export type PayoutRail = 'instapay' | 'pesonet';

/** ₱50,000.00: the most one InstaPay transfer carries (also the most an e-wallet payout takes). */
export const INSTAPAY_MAX_CENTAVOS = 5_000_000;
/** ₱10,000,000.00: the most one PESONet transfer carries. */
export const PESONET_MAX_CENTAVOS = 1_000_000_000;
