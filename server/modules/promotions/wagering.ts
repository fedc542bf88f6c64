import type { Contribution } from '../../../src/contract/promotions';

/**
 * The bonus wallet's arithmetic, without the database (issue 35): how a stake is paid (cash first, then
 * grants earliest expiry first), how a win goes back (in the stake's proportion), and how much a
 * settled stake counts toward wagering (looked up game → category → product → default, truncated).
 */

/** What a stake is played on, as the contribution table looks it up. */
export interface StakeOf {
  product: string;
  category?: string | undefined;
  game?: string | undefined;
}

/** The contribution percentage: the most specific entry of the table; anything unmatched counts the default. */
export function contributionPercent(table: Contribution, stake: StakeOf): number {
  if (stake.game !== undefined && table.game?.[stake.game] !== undefined) return table.game[stake.game]!;
  if (stake.category !== undefined && table.category?.[stake.category] !== undefined) return table.category[stake.category]!;
  if (table.product?.[stake.product] !== undefined) return table.product[stake.product]!;
  return table.default;
}

/** A stake weighted by its percentage, truncated to whole centavos (never rounded up). */
export function weighted(stake: number, percent: number): number {
  return Number((BigInt(stake) * BigInt(percent)) / 100n);
}

export interface GrantFunds {
  grantId: number;
  balance: number;
}

/**
 * How a stake is paid: from cash as far as it goes, the rest from the grants in the order given (the
 * caller orders them earliest expiry first). Undefined when cash and grants together fall short.
 */
export function splitStake(stake: number, cash: number, grants: readonly GrantFunds[]): { cash: number; parts: GrantFunds[] } | undefined {
  const fromCash = Math.min(stake, Math.max(cash, 0));
  let owed = stake - fromCash;
  const parts: GrantFunds[] = [];
  for (const grant of grants) {
    if (owed === 0) break;
    const take = Math.min(owed, grant.balance);
    if (take > 0) parts.push({ grantId: grant.grantId, balance: take });
    owed -= take;
  }
  return owed === 0 ? { cash: fromCash, parts } : undefined;
}

/** A grant's share of a payout: the payout in the proportion its part was of the stake, truncated (cash keeps the rest). */
export function shareOf(payout: number, part: number, stake: number): number {
  if (stake <= 0) return 0;
  return Number((BigInt(payout) * BigInt(part)) / BigInt(stake));
}
