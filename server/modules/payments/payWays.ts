import type * as z from 'zod/mini';
import type { payWaysAnswer } from '../../../src/contract/answers/money';

/**
 * The pay types deposit/queryPayWays lists come from the modules that take them: e-wallets from the
 * deposits module, bank transfer, vouchers and agents from theirs. Each registers a source; the answer
 * lists them in registration order (then by `order`).
 */
export type PayTypeEntry = z.infer<typeof payWaysAnswer>['payTypes'][number];

export interface PayWaysContext {
  customerId: number;
  /** True until the player's first deposit is credited. */
  firstDeposit: boolean;
  /** The `terminal` of the request (MAYAMINIAPP_AP inside the Maya mini-app), if any. */
  terminal: string | undefined;
}

export type PayWaysSource = (context: PayWaysContext) => Promise<PayTypeEntry[]>;

export class PayWaysRegistry {
  private readonly sources: { order: number; source: PayWaysSource }[] = [];

  /** Adds a source of pay types; a lower `order` lists first (e-wallets 10, bank 20, agent 30, voucher 40). */
  register(source: PayWaysSource, order = 50): void {
    this.sources.push({ order, source });
    this.sources.sort((a, b) => a.order - b.order);
  }

  async list(context: PayWaysContext): Promise<PayTypeEntry[]> {
    const lists = await Promise.all(this.sources.map(({ source }) => source(context)));
    return lists.flat();
  }
}
