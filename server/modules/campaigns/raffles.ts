import { drawRaffle, raffleMessage } from '../../../src/contract/fairness';
import { type Raffle, raffleSchema, raffleTerms } from '../../../src/contract/masskara';
import type { Database, Queryable } from '../../db';
import { newSeed, rollFor } from './fairness';
import * as repo from './masskaraRepository';
import { type CampaignOptions, refused } from './service';
import { TOURNAMENT_GRACE_MS, masked, payPrize } from './tournaments';

/**
 * Raffles (issue 35): a ticket for every full step of settled turnover in a window. The raffle's seed is
 * fixed when the operator first saves it, its hash published from then; after the end (and the
 * tournaments' grace for what is still settling) the leader's job draws it once: the draw row is taken in
 * the transaction that pays (a second instance, or a second tick, finds it taken), the winners follow
 * from HMAC(seed, "raffle:<id>:<n>") over the entries in ascending player order (src/contract/fairness.ts
 * drawRaffle, which the player's browser runs again to check), each prize passes the winner's
 * responsible-gaming gate there and goes through the promotions wallet; the seed is shown with the draw.
 */

interface StoredEntry {
  customerId: number;
  nickName: string;
  tickets: number;
}
interface StoredWinner {
  place: number;
  entry: number;
  customerId: number;
  prize: number;
  withheld: boolean;
}

export class RafflesService {
  private readonly db: Database;

  constructor(private readonly options: CampaignOptions) {
    this.db = options.db;
  }

  async all(): Promise<{ row: repo.RaffleRow; raffle: Raffle }[]> {
    return (await repo.allRaffles(this.db)).flatMap((row) => {
      const parsed = raffleSchema.safeParse(row.definition);
      return parsed.success ? [{ row, raffle: parsed.data }] : [];
    });
  }

  /** The operator's save (/dev/raffle): validated; the rules of a raffle that has started are fixed. */
  async save(id: string, definition: unknown, active: boolean): Promise<void> {
    const parsed = raffleSchema.safeParse(definition);
    if (!parsed.success) throw refused(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    if (Date.parse(parsed.data.endsAt) <= Date.parse(parsed.data.startsAt)) throw refused('endsAt must be after startsAt.');
    const existing = (await this.all()).find((one) => one.row.id === id);
    if (
      existing &&
      Date.parse(existing.raffle.startsAt) <= this.options.clock() &&
      JSON.stringify(existing.raffle) !== JSON.stringify(parsed.data)
    )
      throw refused('This raffle has started: its rules can no longer change.');
    await repo.saveRaffle(this.db, { id, definition: parsed.data, active, ...newSeed() });
  }

  private entries(db: Queryable, raffle: Raffle, customerId?: number) {
    return repo.turnovers(db, {
      sports: raffle.sports,
      casino: raffle.casino,
      from: new Date(raffle.startsAt),
      to: new Date(raffle.endsAt),
      ...(customerId === undefined ? {} : { customerId }),
    });
  }

  /** Every active raffle: its rules, seed hash, the player's tickets, and once drawn the seed, the entries and the winners. */
  async list(customerId: number | null) {
    const now = this.options.clock();
    const drawn = new Map((await repo.draws(this.db)).map((row) => [row.raffleId, row]));
    const shown = (await this.all()).filter(({ row }) => row.active);
    return {
      raffles: await Promise.all(
        shown.map(async ({ row, raffle }) => {
          const draw = drawn.get(row.id);
          const entries = draw ? (draw.entries as StoredEntry[]) : undefined;
          const mine =
            customerId === null
              ? null
              : entries
                ? (entries.find((entry) => entry.customerId === customerId)?.tickets ?? 0)
                : Math.floor(((await this.entries(this.db, raffle, customerId))[0]?.turnover ?? 0) / raffle.ticketTurnover);
          return {
            id: row.id,
            title: raffle.title,
            summary: raffle.summary,
            terms: raffleTerms(raffle, this.options.peso),
            startsAt: raffle.startsAt,
            endsAt: raffle.endsAt,
            status: (draw
              ? 'drawn'
              : now < Date.parse(raffle.startsAt)
                ? 'upcoming'
                : now < Date.parse(raffle.endsAt)
                  ? 'running'
                  : 'ended') as 'upcoming' | 'running' | 'ended' | 'drawn',
            prizes: raffle.prizes,
            cash: raffle.multiple === 0,
            ticketTurnover: raffle.ticketTurnover,
            seedHash: row.seedHash,
            seed: draw ? row.seed : null,
            myTickets: mine,
            draw:
              draw && entries
                ? {
                    drawnAt: draw.drawnAt.toISOString(),
                    entries: entries.map((entry) => ({
                      name: entry.customerId === customerId ? entry.nickName : masked(entry.nickName),
                      tickets: entry.tickets,
                      me: entry.customerId === customerId,
                    })),
                    winners: (draw.winners as StoredWinner[]).map((winner) => ({
                      place: winner.place,
                      entry: winner.entry,
                      name: winner.customerId === customerId ? entries[winner.entry]!.nickName : masked(entries[winner.entry]!.nickName),
                      prize: winner.prize,
                      withheld: winner.withheld,
                      me: winner.customerId === customerId,
                    })),
                  }
                : null,
          };
        }),
      ),
    };
  }

  /** The leader's job: every ended raffle past its grace drawn and paid once. Answers how many were drawn. */
  async drawDue(now = this.options.clock()): Promise<number> {
    let count = 0;
    const done = new Set((await repo.draws(this.db)).map((row) => row.raffleId));
    for (const { row, raffle } of await this.all()) {
      if (!row.active || done.has(row.id) || now < Date.parse(raffle.endsAt) + TOURNAMENT_GRACE_MS) continue;
      const paidTo = await this.db.transaction(async (tx) => {
        if (!(await repo.takeDraw(tx, row.id, new Date(now)))) return undefined;
        const entries: StoredEntry[] = (await this.entries(tx, raffle))
          .map((entry) => ({
            customerId: entry.customerId,
            nickName: entry.nickName,
            tickets: Math.floor(entry.turnover / raffle.ticketTurnover),
          }))
          .filter((entry) => entry.tickets > 0);
        const rolls = raffle.prizes.map((_, n) => rollFor(row.seed, raffleMessage(row.id, n)));
        const winners: StoredWinner[] = [];
        const paid: number[] = [];
        for (const [index, entry] of drawRaffle(entries, rolls).entries()) {
          const { customerId } = entries[entry]!;
          const prize = raffle.prizes[index]!;
          const withheld = !(await payPrize(this.options, tx, customerId, `raffle-${row.id}`, `${raffle.title}: prize ${index + 1}`, {
            amount: prize,
            multiple: raffle.multiple,
          }));
          if (!withheld) paid.push(customerId);
          winners.push({ place: index + 1, entry, customerId, prize: withheld ? 0 : prize, withheld });
        }
        await repo.recordDraw(tx, row.id, entries, winners);
        return paid;
      });
      if (!paidTo) continue;
      count++;
      for (const customerId of paidTo) this.options.events.publish({ type: 'balance', customerId });
    }
    return count;
  }
}
