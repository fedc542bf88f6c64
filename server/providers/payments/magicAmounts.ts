/**
 * Amounts that make the simulators fail in a known way, as Xendit's test mode does (10100, 10101,
 * 20103…): a test or a developer picks a failure by typing the amount. In centavos.
 */
export const MAGIC_AMOUNTS = {
  /** ₱10,101.00: the channel refuses the create call (CHANNEL_UNAVAILABLE). */
  1_010_100: 'CHANNEL_UNAVAILABLE',
  /** ₱20,103.00: the player's e-wallet or bank account is blocked; the payment or payout fails. */
  2_010_300: 'ACCOUNT_BLOCKED',
  /** ₱30,303.00: the create call times out, although the provider did create it (retry with the same key). */
  3_030_300: 'TIMEOUT',
  /** ₱40,404.00: a payout succeeds, then is reversed a day later. */
  4_040_400: 'REVERSED',
} as const;

export type MagicFailure = (typeof MAGIC_AMOUNTS)[keyof typeof MAGIC_AMOUNTS];

export function magicFailure(amount: number): MagicFailure | undefined {
  return (MAGIC_AMOUNTS as Record<number, MagicFailure>)[amount];
}
