import {
  INVITE_CODE,
  INVITE_OFFER_ID,
  INVITE_QUALIFY_DAYS,
  type InviteRefusal,
  type InviteTerms,
  inviteTermsSchema,
  plainInviteTerms,
} from '../../../src/contract/invite';
import type { FreeBetGrant } from '../../../src/contract/promotions';
import { isOfAge } from '../../../src/contract/people';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';
import * as repo from './repository';

/**
 * Invite friends (issue 35). A player's share link carries their code; registration resolves it on the
 * server (the account's own transaction) and records one invitation per invitee. Whether an invitation
 * earns its reward is decided only here, by evaluate(): the invitation row locked, the facts read again,
 * then a refusal (same device, same ID number, same payout account as the inviter), nothing yet, or the
 * reward: the invite offer's free bet, given through the promotions wallet once per invitee (the row's
 * status and the token's source both guard it). The leader's job evaluates open invitations; the
 * inviter's page evaluates theirs when it opens. A replay or a race on two instances pays once.
 */

export interface InvitesOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  /** The catalogue's offer as stored (app.promotions.offer). */
  offer: (id: string) => Promise<{ active: boolean; terms: unknown } | undefined>;
  /** The promotions wallet's free bet, in the caller's transaction, once per source (app.promotions.awardFreeBet). */
  awardFreeBet: (tx: Transaction, customerId: number, source: string, terms: FreeBetGrant) => Promise<{ freeBetId: number }>;
  /** The responsible-gaming gate of a promotion (throws while the inviter is excluded or cooling off). */
  claimGate: (tx: Transaction, customerId: number) => Promise<void>;
  /** Whether promotions may reach the inviter (opted out of marketing: no reward). */
  marketingAllowed: (customerId: number) => Promise<boolean>;
  peso: (centavos: number) => string;
}

const DAY_MS = 86_400_000;
/** The job's batch, and the most invitees one page shows. */
const BATCH = 200;
const SHOWN = 100;

export type Outcome = 'pending' | 'rewarded' | 'refused' | 'missing';

export class InvitesService {
  private readonly db: Database;

  constructor(private readonly options: InvitesOptions) {
    this.db = options.db;
  }

  /** The invite offer's terms when the operator runs it (edited at /dev/offers), else undefined. */
  async terms(): Promise<InviteTerms | undefined> {
    const row = await this.options.offer(INVITE_OFFER_ID);
    const parsed = row?.active ? inviteTermsSchema.safeParse(row.terms) : undefined;
    return parsed?.success ? parsed.data : undefined;
  }

  /**
   * At registration, in the account's transaction: the invite parameters resolved to an inviter. Only
   * the code is trusted; a customer id or login name that comes with it must name the code's owner, and
   * alone they credit nobody. An unknown code is ignored (the account still opens).
   */
  async record(tx: Transaction, inviteeId: number, params: Record<string, string>): Promise<void> {
    const code = (params.inviteTempleId ?? '').trim().toUpperCase();
    if (!INVITE_CODE.test(code)) return;
    const inviter = await repo.ownerOf(tx, code);
    if (!inviter) return;
    if (params.inviteFromCustomerId && params.inviteFromCustomerId !== inviter.publicId) return;
    if (params.inviteFromLoginName && params.inviteFromLoginName !== inviter.loginName) return;
    await repo.insertInvitation(tx, {
      inviteeId,
      inviterId: inviter.id,
      createdAt: new Date(this.options.clock()),
      ...(inviter.id === inviteeId ? { refused: 'self' as const } : {}),
    });
  }

  /** Why the invitee earns nothing, when a refusal applies (checked before the conditions, every time). */
  private static refusal(facts: repo.InviteeFacts): InviteRefusal | undefined {
    if (facts.sameDevice) return 'device';
    if (facts.sameIdNumber) return 'idNumber';
    if (facts.samePayoutAccount) return 'payoutAccount';
    return undefined;
  }

  private static conditions(facts: repo.InviteeFacts, terms: InviteTerms, now: Date) {
    return {
      age: facts.birthday !== null && isOfAge(facts.birthday, now),
      kyc: facts.kyc,
      deposit: facts.deposited,
      bets: { done: Math.min(facts.bets, terms.bets), needed: terms.bets },
    };
  }

  /**
   * Decides one invitation, once: locked, then refused, left open, or rewarded with the offer's free bet
   * to the inviter in the same transaction. Safe to call again and from any instance.
   */
  async evaluate(inviteeId: number, terms?: InviteTerms): Promise<Outcome> {
    const offer = terms ?? (await this.terms());
    const now = new Date(this.options.clock());
    let paidTo: number | undefined;
    const seen = await repo.invitation(this.db, inviteeId);
    if (!seen) return 'missing';
    if (seen.status !== 'pending') return seen.status as Outcome;
    // Promotions do not reach an inviter who opted out: asked before the transaction (it reads outside it).
    const allowed = await this.options.marketingAllowed(seen.inviterId);
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const row = await repo.lockInvitation(tx, inviteeId);
      if (!row) return 'missing';
      if (row.status !== 'pending') return row.status as Outcome;
      const facts = await repo.facts(tx, inviteeId, row.inviterId, offer ?? { minStake: 1, minOddsHundredths: 101 });
      if (!facts) return 'missing';
      const refusal = InvitesService.refusal(facts);
      if (refusal) {
        await repo.decide(tx, inviteeId, { status: 'refused', reason: refusal }, now);
        return 'refused';
      }
      if (!offer) return 'pending';
      const met = InvitesService.conditions(facts, offer, now);
      if (!met.age || !met.kyc || !met.deposit || met.bets.done < met.bets.needed) return 'pending';
      // Promotions do not reach an inviter who opted out or is excluded: the invitation waits.
      if (!allowed) return 'pending';
      // Excluded, cooling off or paused: the invitation waits (a database error is not swallowed: the job retries).
      const gated = await this.options.claimGate(tx, row.inviterId).then(
        () => false,
        (error: unknown) => {
          if (error instanceof CallError) return true;
          throw error;
        },
      );
      if (gated) return 'pending';
      const { freeBetId } = await this.options.awardFreeBet(tx, row.inviterId, `invite-${inviteeId}`, offer.reward);
      await repo.decide(tx, inviteeId, { status: 'rewarded', freeBetId }, now);
      paidTo = row.inviterId;
      return 'rewarded';
    });
    if (paidTo !== undefined) this.options.events.publish({ type: 'balance', customerId: paidTo });
    return outcome;
  }

  /** The leader's job: open invitations of the last INVITE_QUALIFY_DAYS days, oldest first, a batch a run. */
  async evaluatePending(now = this.options.clock(), inviterId?: number): Promise<number> {
    const terms = await this.terms();
    const open = await repo.pending(this.db, new Date(now - INVITE_QUALIFY_DAYS * DAY_MS), BATCH, inviterId);
    let decided = 0;
    for (const inviteeId of open) if ((await this.evaluate(inviteeId, terms)) !== 'pending') decided++;
    return decided;
  }

  /** invite/info: the player's code, the offer in plain words, the invitees (masked) with their progress. */
  async info(customerId: number) {
    // Opening the page brings the inviter's own invitations up to date (the job does everyone's).
    await this.evaluatePending(this.options.clock(), customerId);
    const terms = await this.terms();
    const now = new Date(this.options.clock());
    const rows = await repo.invitationsOf(this.db, customerId, SHOWN);
    const invitees = await Promise.all(
      rows.map(async (row) => {
        const facts = terms ? await repo.facts(this.db, row.inviteeId, customerId, terms) : undefined;
        const met = facts && terms ? InvitesService.conditions(facts, terms, now) : undefined;
        return {
          name: maskName(row.nickName),
          phone: maskPhone(row.mobileNo),
          joinedAt: row.createdAt.toISOString(),
          age: { done: met?.age ?? false },
          kyc: { done: met?.kyc ?? false },
          deposit: { done: met?.deposit ?? false },
          bets: met?.bets ?? { done: 0, needed: 0 },
          status: row.status as 'pending' | 'rewarded' | 'refused',
          reason: (row.reason as InviteRefusal | null) ?? null,
          reward: row.reward,
        };
      }),
    );
    return {
      code: await repo.codeOf(this.db, customerId),
      offer: terms ? { title: terms.title, reward: terms.reward.amount, terms: plainInviteTerms(terms, this.options.peso) } : null,
      invitees,
      rewarded: invitees.filter((row) => row.status === 'rewarded').length,
      earned: invitees.reduce((sum, row) => sum + row.reward, 0),
    };
  }
}

/** A nickname as the inviter sees it: its first two letters. */
export function maskName(name: string): string {
  return `${[...name].slice(0, 2).join('')}***`;
}

/** A phone as the inviter sees it: its last four digits. */
export function maskPhone(phone: string | null): string {
  return phone ? `••• ${phone.slice(-4)}` : '';
}
