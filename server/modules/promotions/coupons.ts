import { GatewayCode } from '../../../src/contract/errorCodes';
import { type CouponTerms, couponTermsSchema, plainCouponTerms } from '../../../src/contract/promotions';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';
import { withIdempotency } from '../wallet';
import * as repo from './repository';
import { type PromotionsService, peso } from './service';

/**
 * Coupons (issue 35, /coupon/:name, coupon/receiveCouponVoucher): offers of kind `coupon` in the catalogue
 * (the operator adds them at /dev/offers), a fixed bonus each player may receive once while the coupon's
 * `limit` lasts. Receiving is one transaction: the responsible-gaming gate, the coupon's counter taken
 * (a row lock, so two instances never give out more than the limit), the grant (one per player and
 * coupon: the database's unique index) and its ledger posting land together or not at all.
 */

export interface CouponOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  service: PromotionsService;
  claimGate: (tx: Transaction, customerId: number) => Promise<void>;
  marketingAllowed: (customerId: number) => Promise<boolean>;
}

type Status = 'available' | 'received' | 'notYet' | 'ended' | 'soldOut';

const refused = (message: string, status = 400) => new CallError(GatewayCode.PromotionRefused, message, status);

/** The words of each refusal (the page shows them 2 s after the press, spec §9). */
export const COUPON_MESSAGES = {
  unknown: 'This coupon does not exist. Please check the link.',
  notYet: 'This coupon cannot be received yet.',
  ended: 'This coupon has ended.',
  soldOut: 'All of these coupons have been received. Watch Promotions for the next one.',
  received: 'You have already received this coupon.',
  marketing: 'Promotions are off for your account (you opted out of marketing, or play is paused).',
} as const;

export class Coupons {
  constructor(private readonly options: CouponOptions) {}

  /** The coupon names are offer ids: any case in the address, lower case in the catalogue. */
  static normalize(name: string): string {
    return name.trim().toLowerCase();
  }

  private status(terms: CouponTerms, claimed: number, received: boolean, now: number): Status {
    if (received) return 'received';
    if (terms.startsAt && Date.parse(terms.startsAt) > now) return 'notYet';
    if (Date.parse(terms.endsAt) <= now) return 'ended';
    if (claimed >= terms.limit) return 'soldOut';
    return 'available';
  }

  private view(row: repo.OfferRow, terms: CouponTerms, received: boolean) {
    return {
      name: row.id,
      title: terms.title,
      summary: terms.summary,
      vertical: terms.vertical,
      amount: terms.amount,
      terms: plainCouponTerms(terms, peso),
      endsAt: new Date(terms.endsAt).toISOString(),
      status: this.status(terms, row.claimed, received, this.options.clock()),
      left: Math.max(terms.limit - row.claimed, 0),
    };
  }

  private static parse(row: repo.OfferRow | undefined): CouponTerms | undefined {
    if (!row?.active) return undefined;
    const parsed = couponTermsSchema.safeParse(row.terms);
    return parsed.success ? parsed.data : undefined;
  }

  /** One coupon by name, for anyone (a visitor reads the terms before registering); with the player's status when signed in. */
  async detail(name: string, customerId?: number) {
    const row = await repo.offer(this.options.db, Coupons.normalize(name));
    const terms = Coupons.parse(row);
    if (!row || !terms) throw refused(COUPON_MESSAGES.unknown, 404);
    const received =
      customerId !== undefined && (await repo.customerOfferGrants(this.options.db, customerId)).some((g) => g.offerId === row.id);
    return this.view(row, terms, received);
  }

  /** The coupons the player can see (not ended, or received), newest first, a page of them. */
  async list(customerId: number, pageNum: number, pageSize: number) {
    const held = new Set((await repo.customerOfferGrants(this.options.db, customerId)).map((g) => g.offerId));
    const marketing = await this.options.marketingAllowed(customerId);
    const all = (await repo.offers(this.options.db))
      .flatMap((row) => {
        const terms = Coupons.parse(row);
        return terms ? [this.view(row, terms, held.has(row.id))] : [];
      })
      .filter((coupon) => coupon.status === 'received' || (marketing && coupon.status !== 'ended'))
      .sort((a, b) => b.endsAt.localeCompare(a.endsAt) || a.name.localeCompare(b.name));
    return { list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length, pageNum, pageSize };
  }

  /** Receives a coupon: once per idempotency key, once per player, never beyond the coupon's limit. */
  async receive(customerId: number, key: string, name: string) {
    const couponId = Coupons.normalize(name);
    if (!(await this.options.marketingAllowed(customerId))) throw refused(COUPON_MESSAGES.marketing);
    const answer = await withIdempotency(
      this.options.db,
      { customerId, key, call: 'coupon/receiveCouponVoucher', request: { couponId } },
      async (tx) => {
        await this.options.claimGate(tx, customerId);
        // The coupon's row locked: every receipt of this coupon, on any instance, queues here.
        const row = await repo.lockOffer(tx, couponId);
        const terms = Coupons.parse(row);
        if (!row || !terms) throw refused(COUPON_MESSAGES.unknown, 404);
        if ((await repo.customerOfferGrants(tx, customerId)).some((g) => g.offerId === couponId)) throw refused(COUPON_MESSAGES.received);
        const status = this.status(terms, row.claimed, false, this.options.clock());
        if (status !== 'available') throw refused(COUPON_MESSAGES[status]);
        await repo.countClaim(tx, couponId);
        const grant = await this.options.service.grant(tx, customerId, couponId, terms, terms.amount);
        const wagering =
          terms.multiple === 0
            ? 'It is cash already.'
            : `Bet ${peso(terms.amount * terms.multiple)} on ${terms.vertical} to turn it into cash.`;
        return { grantId: grant.id, amount: terms.amount, message: `Coupon received: ${peso(terms.amount)} bonus added. ${wagering}` };
      },
    );
    this.options.events.publish({ type: 'balance', customerId });
    return answer;
  }
}
