import { BetCode } from '../../../src/contract/betting';
import { GatewayCode } from '../../../src/contract/errorCodes';
import {
  type Contribution,
  type FreeBetGrant,
  type FreeBetTerms,
  type OfferTerms,
  couponTermsSchema,
  freeBetTermsSchema,
  offerTermsSchema,
  plainFreeBetTerms,
  plainTerms,
} from '../../../src/contract/promotions';
import { inviteTermsSchema } from '../../../src/contract/invite';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';
import { HOUSE, balances, grantAccountId, houseAccountId, post, walletAccountId, withIdempotency } from '../wallet';
import { DEFAULT_OFFERS } from './defaultOffers';
import { awardFreeBet, freeBetSettled, fundFreeBet, recordFreeBet } from './freeBets';
import * as repo from './repository';
import { type StakeOf, contributionPercent, shareOf, splitStake, weighted } from './wagering';

/**
 * The bonus wallet (issue 35), on the double-entry ledger. Each grant is its own ledger account
 * (`bonus:<offer>` of the player) holding the bonus and what it won; the offer's terms are copied into
 * the grant. A stake is paid from cash first, then grants earliest expiry first (placementFunding, in
 * the placement's transaction); a win goes back in the stake's proportion (settled); settled stakes of
 * the grant's vertical count toward its wagering, weighted and truncated; when wagering completes the
 * balance converts to cash up to the max win, the rest forfeited. Every end that is not conversion
 * (leaving, expiry, a withdrawal, a break, self-exclusion, closure) goes through forfeit(), in the
 * caller's transaction.
 */

/** What a grant copies from its offer (any kind: a deposit offer, a coupon, another module's prize). */
export type GrantTerms = Pick<OfferTerms, 'vertical' | 'multiple' | 'contribution' | 'maxBet' | 'maxWin' | 'days'> & { kind: string };

export type EndReason = 'left' | 'expired' | 'withdrawal' | 'excluded' | 'closed';

export interface PromotionsOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  /** The responsible-gaming gate of a claim (excluded, cooling off, restricted), in the claim's transaction. */
  claimGate: (tx: Transaction, customerId: number) => Promise<void>;
  /** Whether marketing may reach the player (opted out, on a break, excluded: no offers). */
  marketingAllowed: (customerId: number) => Promise<boolean>;
}

/** ₱50, ₱1,000, ₱12.50: whole pesos without centavos (the words of the max-bet refusal). */
export function peso(centavos: number): string {
  const whole = centavos % 100 === 0;
  const text = (Math.abs(centavos) / 100).toFixed(whole ? 0 : 2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${centavos < 0 ? '-' : ''}₱${text}`;
}

/** The words of the max-bet refusal (its own code, never "insufficient balance"). */
export function maxBetMessage(maxBet: number): string {
  return `Max bet while your bonus is active is ${peso(maxBet)}.`;
}

const DAY_MS = 86_400_000;

export interface BetForFunding {
  customerId: number;
  stake: number;
  vertical: 'sports' | 'casino';
  /** A free bet token the player chose to place this bet with (sports singles from the main wallet). */
  freeBetId?: number | undefined;
  /** What the bet would return (its odds against its floor), with a free bet. */
  potentialReturn?: number | undefined;
}

/** What placementFunding decided for one bet: refused (max bet), or paid partly by grants (record once written). */
export type Funding =
  | { refusal: { ok: false; code: number; message: string } }
  | { fromBonus: number; parts: { grantId: number; amount: number }[]; freeBetId?: number }
  | undefined;

export class PromotionsService {
  private readonly db: Database;

  constructor(private readonly options: PromotionsOptions) {
    this.db = options.db;
  }

  private now(): Date {
    return new Date(this.options.clock());
  }

  // ── The catalogue ───────────────────────────────────────────────────────────────────────────────

  /** A new database gets the default offers (an operator's edits are never overwritten). */
  async seed(): Promise<void> {
    await repo.seedOffers(
      this.db,
      Object.entries(DEFAULT_OFFERS).map(([id, terms]) => ({ id, terms })),
    );
  }

  /** The catalogue, each offer's terms validated (an offer whose stored terms no longer validate is not offered). */
  async catalogue(): Promise<{ id: string; active: boolean; terms: OfferTerms }[]> {
    const rows = await repo.offers(this.db);
    return rows.flatMap((row) => {
      const parsed = offerTermsSchema.safeParse(row.terms);
      return parsed.success ? [{ id: row.id, active: row.active, terms: parsed.data }] : [];
    });
  }

  /** The free bet offers of the catalogue (terms validated). */
  async freeBetCatalogue(): Promise<{ id: string; active: boolean; terms: FreeBetTerms }[]> {
    const rows = await repo.offers(this.db);
    return rows.flatMap((row) => {
      const parsed = freeBetTermsSchema.safeParse(row.terms);
      return parsed.success ? [{ id: row.id, active: row.active, terms: parsed.data }] : [];
    });
  }

  /** One offer of the catalogue as stored (active or not, terms unchecked): another module validates its own kind. */
  async offer(id: string): Promise<{ active: boolean; terms: unknown } | undefined> {
    const row = await repo.offer(this.db, id);
    return row && { active: row.active, terms: row.terms };
  }

  /** The development page's save: refused unless the terms validate. */
  async saveOffer(id: string, terms: unknown, active: boolean): Promise<void> {
    const kind = typeof terms === 'object' && terms !== null ? (terms as { kind?: unknown }).kind : undefined;
    const schema =
      kind === 'coupon'
        ? couponTermsSchema
        : kind === 'freeBet'
          ? freeBetTermsSchema
          : kind === 'invite'
            ? inviteTermsSchema
            : offerTermsSchema;
    const parsed = schema.safeParse(terms);
    if (!parsed.success)
      throw new CallError(GatewayCode.InvalidRequest, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), 400);
    await repo.saveOffer(this.db, id, parsed.data, active);
  }

  // ── What the player sees ─────────────────────────────────────────────────────────────────────────

  /** The offers and their terms in plain words, for anyone (a visitor reads them before registering). */
  async publicOffers() {
    return { offers: (await this.catalogue()).filter((offer) => offer.active).map(({ id, terms }) => this.offerView(id, terms)) };
  }

  private offerView(id: string, terms: OfferTerms) {
    return {
      id,
      title: terms.title,
      summary: terms.summary,
      kind: terms.kind,
      vertical: terms.vertical,
      terms: plainTerms(terms, peso),
      maxBet: terms.maxBet,
      maxWin: terms.maxWin,
      multiple: terms.multiple,
      tags: terms.tags ?? [],
    };
  }

  async list(customerId: number) {
    const [wallets, grants, catalogue, marketing] = await Promise.all([
      balances(this.db, customerId),
      repo.grantsOf(this.db, customerId),
      this.catalogue(),
      this.options.marketingAllowed(customerId),
    ]);
    const deposits = await repo.deposits(this.db, customerId, await walletAccountId(this.db, customerId, 'main'));
    const now = this.now();
    const offers = marketing
      ? catalogue
          .filter((offer) => offer.active && !grants.some((grant) => grant.offerId === offer.id))
          .map(({ id, terms }) => {
            const eligibility = this.eligibility(terms, grants, deposits, now);
            return {
              ...this.offerView(id, terms),
              bonus: 'bonus' in eligibility ? eligibility.bonus : 0,
              refusal: 'refusal' in eligibility ? eligibility.refusal : null,
            };
          })
      : [];
    const [tokens, freeBetOffers] = await Promise.all([repo.freeBetsOf(this.db, customerId), this.freeBetCatalogue()]);
    return {
      cash: wallets.main,
      bonus: wallets.bonus,
      offers,
      grants: grants.map((grant) => this.grantView(grant, catalogue)),
      freeBetOffers: marketing
        ? freeBetOffers
            .filter((offer) => offer.active && !tokens.some((token) => token.source === offer.id))
            .map(({ id, terms }) => ({
              id,
              title: terms.title,
              summary: terms.summary,
              amount: terms.amount,
              terms: plainFreeBetTerms(terms, peso),
              refusal: this.freeBetRefusal(terms, deposits, now),
            }))
        : [],
      freeBets: tokens.map((token) => ({
        freeBetId: token.id,
        title: token.title,
        amount: token.amount,
        minOdds: token.minOddsHundredths / 100,
        status: (token.status === 'active' && token.expiresAt.getTime() <= now.getTime() ? 'expired' : token.status) as
          'active' | 'used' | 'settled' | 'expired',
        expiresAt: token.expiresAt.toISOString(),
        won: token.won,
      })),
    };
  }

  /** Why a free bet offer cannot be taken now (a qualifying deposit within its days), or null. */
  private freeBetRefusal(terms: FreeBetTerms, deposits: readonly { amount: number; at: Date }[], now: Date): string | null {
    const deposit = deposits.at(-1);
    if (!deposit) return 'Make a deposit to take this offer.';
    if (deposit.amount < terms.minDeposit) return `Your last deposit was under the ${peso(terms.minDeposit)} this offer needs.`;
    if (now.getTime() > deposit.at.getTime() + terms.claimDays * DAY_MS) {
      return `This offer could be taken within ${terms.claimDays} days of a deposit; make a new deposit to take it.`;
    }
    return null;
  }

  /**
   * Gives a free bet token in the caller's transaction (another module's prize: pass a source unique to
   * the prize). Refused (PromotionRefused) when the player already has one from this source.
   */
  async awardFreeBet(tx: Transaction, customerId: number, source: string, terms: FreeBetGrant): Promise<{ freeBetId: number }> {
    const token = await awardFreeBet(tx, customerId, source, terms, this.now());
    if (!token) throw new CallError(GatewayCode.PromotionRefused, 'You already took this offer.', 400);
    return { freeBetId: token.id };
  }

  private grantView(grant: repo.GrantRow & { balance: number }, catalogue: { id: string; terms: OfferTerms }[]) {
    return {
      grantId: grant.id,
      offerId: grant.offerId,
      title: catalogue.find((offer) => offer.id === grant.offerId)?.terms.title ?? grant.offerId,
      vertical: grant.vertical as 'sports' | 'casino',
      status: grant.status as 'active' | 'converted' | 'forfeited',
      amount: grant.amount,
      balance: grant.balance,
      wagered: Math.min(grant.wagered, grant.wageringRequired),
      required: grant.wageringRequired,
      maxBet: grant.maxBet,
      maxWin: grant.maxWin,
      expiresAt: grant.expiresAt.toISOString(),
      endReason: grant.endReason,
      converted: grant.converted,
      forfeited: grant.forfeited,
    };
  }

  /** Whether an offer can be taken now, and what it would grant; otherwise why not, in plain words. */
  private eligibility(
    terms: OfferTerms,
    grants: readonly { offerId: string; kind: string; status: string }[],
    deposits: readonly { amount: number; at: Date }[],
    now: Date,
  ): { bonus: number } | { refusal: string } {
    const deposit = terms.kind === 'firstDeposit' ? deposits[0] : deposits.at(-1);
    if (!deposit)
      return {
        refusal: terms.kind === 'firstDeposit' ? 'Make your first deposit to take this offer.' : 'Make a deposit to take this offer.',
      };
    if (terms.kind === 'reload' && deposits.length < 2) return { refusal: 'A reload offer follows a deposit after your first one.' };
    if (terms.kind === 'firstDeposit' && grants.some((grant) => grant.kind === 'firstDeposit')) {
      return { refusal: 'You already took a first-deposit offer.' };
    }
    if (grants.some((grant) => grant.status === 'active')) return { refusal: 'Finish or leave your active bonus first.' };
    if (deposit.amount < terms.minDeposit) return { refusal: `Your deposit was under the ${peso(terms.minDeposit)} this offer needs.` };
    if (now.getTime() > deposit.at.getTime() + terms.claimDays * DAY_MS) {
      return { refusal: `This offer could be taken within ${terms.claimDays} days of your deposit; that time has passed.` };
    }
    return { bonus: Math.min(Math.floor((deposit.amount * terms.percent) / 100), terms.maxBonus) };
  }

  // ── Opting in, leaving ───────────────────────────────────────────────────────────────────────────

  /** Opts into an offer (once per idempotency key, once per offer): the grant, its account and its money. */
  async optIn(customerId: number, key: string, offerId: string) {
    if (!(await this.options.marketingAllowed(customerId))) {
      throw new CallError(
        GatewayCode.PromotionRefused,
        'Promotions are off for your account (you opted out of marketing, or play is paused).',
        400,
      );
    }
    const answer = await withIdempotency(
      this.db,
      { customerId, key, call: 'promotion/optIn', request: { offerId } },
      async (tx): Promise<{ grantId: number; freeBetId?: number }> => {
        await this.options.claimGate(tx, customerId);
        const row = await repo.offer(tx, offerId);
        const freeBet = row?.active ? freeBetTermsSchema.safeParse(row.terms) : undefined;
        if (freeBet?.success) {
          const main = await walletAccountId(tx, customerId, 'main');
          const refusal = this.freeBetRefusal(freeBet.data, await repo.deposits(tx, customerId, main), this.now());
          if (refusal) throw new CallError(GatewayCode.PromotionRefused, refusal, 400);
          const token = await this.awardFreeBet(tx, customerId, offerId, freeBet.data);
          return { grantId: 0, freeBetId: token.freeBetId };
        }
        const parsed = row?.active ? offerTermsSchema.safeParse(row.terms) : undefined;
        if (!parsed?.success) throw new CallError(GatewayCode.PromotionRefused, 'This offer has ended.', 400);
        const terms = parsed.data;
        // The player's grants locked: two opt-ins at once see each other.
        await repo.lockActiveGrants(tx, customerId);
        const grants = await repo.grantsOf(tx, customerId);
        if (grants.some((grant) => grant.offerId === offerId))
          throw new CallError(GatewayCode.PromotionRefused, 'You already took this offer.', 400);
        const main = await walletAccountId(tx, customerId, 'main');
        const eligibility = this.eligibility(terms, grants, await repo.deposits(tx, customerId, main), this.now());
        if ('refusal' in eligibility) throw new CallError(GatewayCode.PromotionRefused, eligibility.refusal, 400);
        const grant = await this.grant(tx, customerId, offerId, terms, eligibility.bonus);
        return { grantId: grant.id };
      },
    );
    this.changed(customerId);
    return answer;
  }

  /**
   * Makes a grant in the caller's transaction: its ledger account, the terms copied in, the bonus from
   * house:bonus. Refused (PromotionRefused) when the player already holds a grant of this offer id (one
   * per player and id, enforced by the database). Coupons, and other modules' prizes (through
   * app.promotions), grant through here.
   */
  async grant(tx: Transaction, customerId: number, offerId: string, terms: GrantTerms, amount: number): Promise<repo.GrantRow> {
    const accountId = await grantAccountId(tx, customerId, offerId);
    const now = this.now();
    const grant = await repo.insertGrant(tx, {
      customerId,
      offerId,
      kind: terms.kind,
      accountId,
      vertical: terms.vertical,
      amount,
      multiple: terms.multiple,
      wageringRequired: amount * terms.multiple,
      contribution: terms.contribution,
      maxBet: terms.maxBet,
      maxWin: terms.maxWin,
      expiresAt: new Date(now.getTime() + terms.days * DAY_MS),
      createdAt: now,
    });
    if (!grant) throw new CallError(GatewayCode.PromotionRefused, 'You already took this offer.', 400);
    await post(tx, {
      kind: 'bonus_grant',
      customerId,
      reference: `grant:${grant.id}`,
      entries: [
        { accountId: await houseAccountId(tx, HOUSE.bonus), amount: -amount },
        { accountId, amount },
      ],
    });
    if (grant.wageringRequired === 0) await this.convert(tx, { ...grant, balance: amount });
    return grant;
  }

  /** Leaves a grant: all cash is kept; the bonus and what it won are forfeited. */
  async leave(customerId: number, key: string, grantId: number) {
    const answer = await withIdempotency(this.db, { customerId, key, call: 'promotion/leave', request: { grantId } }, async (tx) => {
      const grant = await repo.lockGrant(tx, grantId);
      if (!grant || grant.customerId !== customerId) throw new CallError(GatewayCode.PromotionRefused, 'This bonus is not yours.', 404);
      if (grant.status !== 'active') throw new CallError(GatewayCode.PromotionRefused, 'This bonus has already ended.', 400);
      const forfeited = await this.forfeit(tx, grant, 'left');
      return { grantId, forfeited, cash: (await balances(tx, customerId)).main };
    });
    this.changed(customerId);
    return answer;
  }

  // ── The one forfeit path ─────────────────────────────────────────────────────────────────────────

  /**
   * Ends an active grant without conversion (leaving, expiry, a withdrawal, a break or self-exclusion,
   * closure): its balance goes back to house:bonus, in the caller's transaction; the grant must be
   * locked by the caller. Answers what was forfeited.
   */
  async forfeit(tx: Transaction, grant: repo.GrantRow & { balance: number }, reason: EndReason): Promise<number> {
    if (grant.status !== 'active') return 0;
    if (grant.balance > 0) {
      await post(tx, {
        kind: 'bonus_forfeit',
        customerId: grant.customerId,
        reference: `grant:${grant.id}:${reason}`,
        metadata: { reason },
        entries: [
          { accountId: grant.accountId, amount: -grant.balance },
          { accountId: await houseAccountId(tx, HOUSE.bonus), amount: grant.balance },
        ],
      });
    }
    await repo.endGrant(tx, grant.id, { status: 'forfeited', endReason: reason, converted: 0, forfeited: grant.balance, at: this.now() });
    return grant.balance;
  }

  /** Every active grant of the player forfeited (a break, self-exclusion, closure, a confirmed withdrawal). */
  async forfeitAll(tx: Transaction, customerId: number, reason: EndReason): Promise<number> {
    let total = 0;
    for (const grant of await repo.lockActiveGrants(tx, customerId)) total += await this.forfeit(tx, grant, reason);
    return total;
  }

  /** Wagering complete: the balance becomes cash up to the max win; the rest is a forfeit entry. */
  private async convert(tx: Transaction, grant: repo.GrantRow & { balance: number }): Promise<void> {
    const cash = Math.min(grant.balance, grant.maxWin);
    const over = grant.balance - cash;
    if (over > 0) {
      await post(tx, {
        kind: 'bonus_forfeit',
        customerId: grant.customerId,
        reference: `grant:${grant.id}:max-win`,
        metadata: { reason: 'maxWin' },
        entries: [
          { accountId: grant.accountId, amount: -over },
          { accountId: await houseAccountId(tx, HOUSE.bonus), amount: over },
        ],
      });
    }
    if (cash > 0) {
      await post(tx, {
        kind: 'bonus_conversion',
        customerId: grant.customerId,
        reference: `grant:${grant.id}`,
        entries: [
          { accountId: grant.accountId, amount: -cash },
          { accountId: await walletAccountId(tx, grant.customerId, 'main'), amount: cash },
        ],
      });
    }
    await repo.endGrant(tx, grant.id, { status: 'converted', endReason: 'wagered', converted: cash, forfeited: over, at: this.now() });
  }

  /** The shared job: grants past their expiry forfeited, each in its own transaction. Answers how many. */
  async expire(now = this.options.clock()): Promise<number> {
    let ended = 0;
    for (const id of await repo.expiredGrants(this.db, new Date(now))) {
      const customerId = await this.db.transaction(async (tx) => {
        const grant = await repo.lockGrant(tx, id);
        if (!grant || grant.status !== 'active' || grant.expiresAt.getTime() > now) return undefined;
        await this.forfeit(tx, grant, 'expired');
        return grant.customerId;
      });
      if (customerId !== undefined) {
        ended++;
        this.changed(customerId);
      }
    }
    return ended;
  }

  // ── Withdrawals ─────────────────────────────────────────────────────────────────────────────────

  /** What a withdrawal now would forfeit: every active grant's balance. */
  async withdrawalForfeit(customerId: number) {
    const grants = (await repo.grantsOf(this.db, customerId)).filter((grant) => grant.status === 'active');
    const catalogue = await this.catalogue();
    return {
      forfeit: grants.reduce((sum, grant) => sum + grant.balance, 0),
      grants: grants.map((grant) => ({
        grantId: grant.id,
        title: catalogue.find((offer) => offer.id === grant.offerId)?.terms.title ?? grant.offerId,
        balance: grant.balance,
      })),
    };
  }

  /**
   * In the withdrawal's transaction: with an active grant, the player must have confirmed the exact
   * amount that would be forfeited (else a refusal naming it); confirmed, the grants are forfeited there.
   */
  async atWithdrawal(tx: Transaction, customerId: number, confirmed: number | undefined): Promise<void> {
    const grants = await repo.lockActiveGrants(tx, customerId);
    if (grants.length === 0) return;
    const forfeit = grants.reduce((sum, grant) => sum + grant.balance, 0);
    if (confirmed !== forfeit) {
      throw new CallError(
        GatewayCode.BonusForfeitConfirm,
        `Withdrawing now forfeits your active bonus of ${peso(forfeit)}. Your cash is not affected. Confirm to withdraw, or keep playing to finish the wagering.`,
        409,
        { forfeit },
      );
    }
    for (const grant of grants) await this.forfeit(tx, grant, 'withdrawal');
  }

  // ── Stakes and settlement ───────────────────────────────────────────────────────────────────────

  /**
   * In the placement's transaction, with the players' wallets locked: for each bet in order, its max
   * bet (any active grant of its vertical) and how it is paid. Cash first: when cash falls short, the
   * rest moves from grants (earliest expiry first) into main here, so the stake is taken as usual, and
   * the parts are recorded once the ticket is written (recordStake). Earlier bets of the batch count.
   */
  async placementFunding(tx: Transaction, bets: readonly BetForFunding[]): Promise<Funding[]> {
    const cashUsed = new Map<number, number>();
    const grantsOf = new Map<number, (repo.GrantRow & { balance: number })[]>();
    const cashOf = new Map<number, number>();
    const result: Funding[] = [];
    for (const bet of bets) {
      if (bet.freeBetId !== undefined) {
        // A free bet: the house pays the whole stake; the player's cash and bonus are not touched.
        const funded = await fundFreeBet(
          tx,
          {
            customerId: bet.customerId,
            stake: bet.stake,
            potentialReturn: bet.potentialReturn ?? 0,
            freeBetId: bet.freeBetId,
            main: bet.stake > 0,
          },
          this.options.clock(),
          peso,
        );
        result.push('ok' in funded ? { refusal: funded } : { fromBonus: funded.fromFreeBet, parts: [], freeBetId: bet.freeBetId });
        continue;
      }
      let grants = grantsOf.get(bet.customerId);
      if (!grants) {
        grants = (await repo.lockActiveGrants(tx, bet.customerId)).filter((grant) => grant.expiresAt.getTime() > this.options.clock());
        grantsOf.set(bet.customerId, grants);
        cashOf.set(bet.customerId, (await balances(tx, bet.customerId)).main);
      }
      const mine = grants.filter((grant) => grant.vertical === bet.vertical);
      if (mine.length === 0) {
        cashOf.set(bet.customerId, cashOf.get(bet.customerId)! - bet.stake);
        result.push(undefined);
        continue;
      }
      const maxBet = Math.min(...mine.map((grant) => grant.maxBet));
      if (bet.stake > maxBet) {
        result.push({ refusal: { ok: false, code: BetCode.BonusMaxBet, message: maxBetMessage(maxBet) } });
        continue;
      }
      const cash = cashOf.get(bet.customerId)! - (cashUsed.get(bet.customerId) ?? 0);
      const split = splitStake(
        bet.stake,
        cash,
        mine.map((grant) => ({ grantId: grant.id, balance: grant.balance })),
      );
      if (!split || split.parts.length === 0) {
        // Cash alone pays it, or cash and bonus together fall short (the stake is then refused as usual).
        cashOf.set(bet.customerId, cashOf.get(bet.customerId)! - bet.stake);
        result.push(undefined);
        continue;
      }
      const main = await walletAccountId(tx, bet.customerId, 'main');
      const fromBonus = split.parts.reduce((sum, part) => sum + part.balance, 0);
      await post(tx, {
        kind: 'bonus_stake',
        customerId: bet.customerId,
        reference: 'placement',
        entries: [
          ...split.parts.map((part) => ({ accountId: mine.find((grant) => grant.id === part.grantId)!.accountId, amount: -part.balance })),
          { accountId: main, amount: fromBonus },
        ],
      });
      for (const part of split.parts) mine.find((grant) => grant.id === part.grantId)!.balance -= part.balance;
      cashOf.set(bet.customerId, cashOf.get(bet.customerId)! + fromBonus - bet.stake);
      result.push({ fromBonus, parts: split.parts.map((part) => ({ grantId: part.grantId, amount: part.balance })) });
    }
    return result;
  }

  /** Once the ticket is written: the parts grants paid, under the bet's reference. */
  async recordStake(
    tx: Transaction,
    customerId: number,
    reference: string,
    stake: number,
    parts: { grantId: number; amount: number }[],
    freeBetId?: number,
  ) {
    if (freeBetId !== undefined) await recordFreeBet(tx, freeBetId, reference, this.now());
    await repo.insertStakeParts(
      tx,
      parts.map((part) => ({ reference, grantId: part.grantId, customerId, stake, amount: part.amount })),
    );
  }

  /**
   * A bet settled (in its settlement's transaction, once, under the ticket's lock): the grants' shares of
   * the payout go back to them (a grant that ended meanwhile forfeits its share); a stake that was played
   * (won or lost, not void, rejected or cashed out) counts toward the earliest-expiring active grant of
   * its vertical, weighted; a grant whose wagering is complete converts.
   */
  async settled(
    tx: Transaction,
    bet: {
      customerId: number;
      reference: string;
      stake: number;
      payout: number;
      counts: boolean;
      placedAt: Date;
      on: StakeOf;
      vertical: 'sports' | 'casino';
      /** A void or rejected ticket (its stake paid back): a free bet's token is given back. */
      voided?: boolean;
    },
  ): Promise<void> {
    // A free bet: the stake goes back to the house, the winnings stay; it counts toward no wagering.
    if (
      await freeBetSettled(
        tx,
        { customerId: bet.customerId, reference: bet.reference, payout: bet.payout, voided: bet.voided ?? false },
        this.now(),
      )
    ) {
      this.changed(bet.customerId);
      return;
    }
    const parts = await repo.takeStakeParts(tx, bet.reference, this.now());
    if (parts.length > 0) {
      const main = await walletAccountId(tx, bet.customerId, 'main');
      for (const part of parts) {
        const share = shareOf(bet.payout, part.amount, part.stake);
        if (share === 0) continue;
        const grant = await repo.lockGrant(tx, part.grantId);
        const back = grant?.status === 'active';
        await post(tx, {
          kind: back ? 'bonus_win' : 'bonus_forfeit',
          customerId: bet.customerId,
          reference: `${bet.reference}:grant:${part.grantId}`,
          metadata: back ? {} : { reason: 'grantEnded' },
          entries: [
            { accountId: main, amount: -share },
            { accountId: back ? grant.accountId : await houseAccountId(tx, HOUSE.bonus), amount: share },
          ],
        });
      }
    }
    if (!bet.counts) {
      if (parts.length > 0) this.changed(bet.customerId);
      return;
    }
    const grants = (await repo.lockActiveGrants(tx, bet.customerId, bet.vertical)).filter(
      (grant) => grant.createdAt.getTime() <= bet.placedAt.getTime() && grant.expiresAt.getTime() > this.options.clock(),
    );
    const grant = grants[0];
    if (!grant) return;
    const percent = contributionPercent(grant.contribution as Contribution, bet.on);
    const counted = weighted(bet.stake, percent);
    const added = await repo.addContribution(tx, {
      grantId: grant.id,
      reference: bet.reference,
      stake: bet.stake,
      percent,
      weighted: counted,
    });
    if (added && grant.wagered + counted >= grant.wageringRequired) {
      const [locked] = [await repo.lockGrant(tx, grant.id)];
      if (locked) await this.convert(tx, locked);
    }
    if (added) this.changed(bet.customerId);
  }

  /** Balance and bonus progress changed: the player's balance push (the bonus page reads it again). */
  private changed(customerId: number): void {
    this.options.events.publish({ type: 'balance', customerId });
  }
}
