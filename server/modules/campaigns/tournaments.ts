import { type Tournament, tournamentSchema, tournamentTerms } from '../../../src/contract/campaigns';
import type { Database, Queryable, Transaction } from '../../db';
import * as repo from './repository';
import { type CampaignOptions, refused, rewardTerms } from './service';

/**
 * Slot tournaments (/rtgGameTournament, issue 35): standings over the settled casino rounds of one
 * category in a window, by a stated rule; after the end (and a grace for rounds still settling) the
 * leader's job pays each place once: the tournament's payout row is taken in the transaction that pays
 * (a second instance, or a second tick, finds it taken), each prize passes the winner's
 * responsible-gaming gate there and goes through the promotions wallet. A winner the gate refuses is
 * recorded as withheld, not paid.
 */

/** Rounds still open at the end get this long to settle before the standings are final. */
export const TOURNAMENT_GRACE_MS = 10 * 60_000;
const SHOWN = 10;

/** A nickname as the standings show it to others: its first two letters. */
export function masked(name: string): string {
  return `${[...name].slice(0, 2).join('')}***`;
}

/**
 * Pays a prize the leader's job decided (a tournament place, a raffle win) in its transaction: past the
 * winner's responsible-gaming gate, through the promotions wallet. False: withheld by the gate, nothing paid.
 */
export async function payPrize(
  options: CampaignOptions,
  tx: Transaction,
  customerId: number,
  offerId: string,
  title: string,
  prize: { amount: number; multiple: number },
): Promise<boolean> {
  try {
    await options.claimGate(tx, customerId, 'promotion');
  } catch {
    return false;
  }
  await options.grant(
    tx,
    customerId,
    offerId,
    rewardTerms(title, {
      bonus: prize.amount,
      multiple: prize.multiple,
      maxBet: Math.max(5_000, Math.floor(prize.amount / 10)),
      maxWin: prize.amount * Math.max(1, prize.multiple) * 2,
      days: 7,
    }),
    prize.amount,
  );
  return true;
}

export class TournamentsService {
  private readonly db: Database;

  constructor(private readonly options: CampaignOptions) {
    this.db = options.db;
  }

  async all(): Promise<{ id: string; active: boolean; tournament: Tournament }[]> {
    return (await repo.tournaments(this.db)).flatMap((row) => {
      const parsed = tournamentSchema.safeParse(row.definition);
      return parsed.success ? [{ id: row.id, active: row.active, tournament: parsed.data }] : [];
    });
  }

  async save(id: string, definition: unknown, active: boolean): Promise<void> {
    const parsed = tournamentSchema.safeParse(definition);
    if (!parsed.success) throw refused(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    if (Date.parse(parsed.data.endsAt) <= Date.parse(parsed.data.startsAt)) throw refused('endsAt must be after startsAt.');
    await repo.saveTournament(this.db, id, parsed.data, active);
  }

  private scores(db: Queryable, tournament: Tournament, limit: number) {
    return repo.standings(db, {
      category: tournament.category,
      rule: tournament.rule,
      minBet: tournament.minBet,
      from: new Date(tournament.startsAt),
      to: new Date(tournament.endsAt),
      limit,
    });
  }

  /** Every active tournament with its standings (names masked) and the player's own place. */
  async list(customerId: number | null) {
    const now = this.options.clock();
    const paid = new Map((await repo.payouts(this.db)).map((row) => [row.tournamentId, row]));
    const shown = (await this.all()).filter((row) => row.active);
    return {
      tournaments: await Promise.all(
        shown.map(async ({ id, tournament }) => {
          const payout = paid.get(id);
          const all = payout
            ? (payout.standings as (repo.Score & { prize: number })[])
            : (await this.scores(this.db, tournament, 1_000)).map((score, index) => ({ ...score, prize: tournament.prizes[index] ?? 0 }));
          const rows = all.map((score, index) => ({
            place: index + 1,
            name: score.customerId === customerId ? score.nickName : masked(score.nickName),
            score: score.score,
            prize: score.prize,
            me: score.customerId === customerId,
          }));
          return {
            id,
            title: tournament.title,
            summary: tournament.summary,
            terms: tournamentTerms(tournament, this.options.peso),
            startsAt: tournament.startsAt,
            endsAt: tournament.endsAt,
            status: (payout
              ? 'paid'
              : now < Date.parse(tournament.startsAt)
                ? 'upcoming'
                : now < Date.parse(tournament.endsAt)
                  ? 'running'
                  : 'ended') as 'upcoming' | 'running' | 'ended' | 'paid',
            prizes: tournament.prizes,
            cash: tournament.multiple === 0,
            standings: rows.slice(0, SHOWN),
            mine: rows.find((row) => row.me) ?? null,
          };
        }),
      ),
    };
  }

  /** The leader's job: every ended tournament past its grace paid once. Answers how many were paid. */
  async payDue(now = this.options.clock()): Promise<number> {
    let paid = 0;
    const done = new Set((await repo.payouts(this.db)).map((row) => row.tournamentId));
    for (const { id, active, tournament } of await this.all()) {
      if (!active || done.has(id) || now < Date.parse(tournament.endsAt) + TOURNAMENT_GRACE_MS) continue;
      const winners = await this.db.transaction(async (tx) => {
        if (!(await repo.takePayout(tx, id, new Date(now)))) return undefined;
        const scores = await this.scores(tx, tournament, tournament.prizes.length);
        const standings = [];
        const paidTo: number[] = [];
        for (const [index, score] of scores.entries()) {
          const prize = tournament.prizes[index]!;
          const withheld = !(await payPrize(this.options, tx, score.customerId, `tournament-${id}`, `${tournament.title}: #${index + 1}`, {
            amount: prize,
            multiple: tournament.multiple,
          }));
          if (!withheld) paidTo.push(score.customerId);
          standings.push({ ...score, prize: withheld ? 0 : prize, withheld });
        }
        await repo.recordStandings(tx, id, standings);
        return paidTo;
      });
      if (!winners) continue;
      paid++;
      for (const customerId of winners) this.options.events.publish({ type: 'balance', customerId });
    }
    return paid;
  }
}
