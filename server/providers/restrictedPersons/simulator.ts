import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db';
import { ndrpSimListings, ndrpSimRequests } from '../../db/schema';
import {
  type FamilyExclusionRequest,
  type ListingKind,
  type PersonToScreen,
  type RestrictedPersonsRegistry,
  type ScreeningHit,
  type SelfExclusionFiling,
  idKey,
  nameKey,
  sameName,
} from './types';

/**
 * A restricted-persons registry shaped like PAGCOR's NDRP, for development and tests (never production):
 * its listings and the family-exclusion requests waiting for a decision live in this database
 * (ndrp_sim_*), so every instance sees one registry. /sim/ndrp is its desk (simPages.ts).
 */

export type SimListing = typeof ndrpSimListings.$inferSelect;
export type SimRequest = typeof ndrpSimRequests.$inferSelect;

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const serial = (prefix: string) => `${prefix}-${Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export interface NewListing {
  kind: ListingKind;
  firstName: string;
  lastName: string;
  birthday: string;
  mobile?: string | null | undefined;
  idNumber?: string | null | undefined;
  relation?: string | null | undefined;
  reason?: string | undefined;
  until?: Date | null | undefined;
  filedBy?: string | undefined;
}

export class RestrictedPersonsSimulator implements RestrictedPersonsRegistry {
  constructor(private readonly options: { db: Database; clock: () => number }) {}

  async screen(people: readonly PersonToScreen[]): Promise<ScreeningHit[]> {
    if (people.length === 0) return [];
    const now = new Date(this.options.clock());
    const birthdays = [...new Set(people.map((p) => p.birthday).filter((b): b is string => Boolean(b)))];
    const ids = [...new Set(people.map((p) => (p.idNumber ? idKey(p.idNumber) : '')).filter(Boolean))];
    const conditions = [
      ...(birthdays.length ? [inArray(ndrpSimListings.birthday, birthdays)] : []),
      ...(ids.length ? [inArray(ndrpSimListings.idKey, ids)] : []),
    ];
    if (conditions.length === 0) return [];
    const listings = await this.options.db
      .select()
      .from(ndrpSimListings)
      .where(and(or(...conditions), or(isNull(ndrpSimListings.until), gt(ndrpSimListings.until, now))));
    const hits: ScreeningHit[] = [];
    for (const person of people) {
      for (const listing of listings) {
        const matchedOn = matchOf(listing, person);
        if (matchedOn) {
          hits.push({
            ref: person.ref,
            listingNo: listing.listingNo,
            kind: listing.kind as ListingKind,
            matchedOn,
            until: listing.until?.toISOString() ?? null,
          });
        }
      }
    }
    return hits;
  }

  async requestFamilyExclusion(request: FamilyExclusionRequest): Promise<{ requestNo: string }> {
    const requestNo = serial('FX');
    await this.options.db.insert(ndrpSimRequests).values({
      requestNo,
      relation: request.relation,
      requesterName: request.requesterName,
      requesterContact: request.requesterContact,
      firstName: request.person.firstName,
      lastName: request.person.lastName,
      birthday: request.person.birthday,
      mobile: request.person.mobile || null,
      idNumber: request.person.idNumber || null,
      reason: request.reason,
      createdAt: new Date(this.options.clock()),
    });
    return { requestNo };
  }

  async fileSelfExclusion(filing: SelfExclusionFiling): Promise<{ listingNo: string }> {
    const listingNo = `SE-${filing.reference}`;
    const words = filing.fullName.trim().split(/\s+/);
    const values = {
      listingNo,
      kind: 'self',
      firstName: words[0] ?? '',
      lastName: words.length > 1 ? words.slice(1).join(' ') : '',
      nameKey: nameKey(filing.fullName),
      birthday: filing.birthday ?? '',
      mobile: filing.mobile,
      idKey: null,
      reason: 'Self-exclusion filed by the operator',
      listedAt: new Date(this.options.clock()),
      until: new Date(filing.until),
      filedBy: 'operator',
    };
    await this.options.db
      .insert(ndrpSimListings)
      .values(values)
      .onConflictDoUpdate({ target: ndrpSimListings.listingNo, set: { until: values.until } });
    return { listingNo };
  }

  // ── The regulator's desk (/sim/ndrp and tests) ──────────────────────────────────────────────────────

  async list(listing: NewListing): Promise<SimListing> {
    const [row] = await this.options.db
      .insert(ndrpSimListings)
      .values({
        listingNo: serial('NDRP'),
        kind: listing.kind,
        firstName: listing.firstName,
        lastName: listing.lastName,
        nameKey: nameKey(`${listing.firstName}${listing.lastName}`),
        birthday: listing.birthday,
        mobile: listing.mobile || null,
        idKey: listing.idNumber ? idKey(listing.idNumber) : null,
        relation: listing.relation ?? null,
        reason: listing.reason ?? '',
        listedAt: new Date(this.options.clock()),
        until: listing.until ?? null,
        filedBy: listing.filedBy ?? 'pagcor',
      })
      .returning();
    return row!;
  }

  async lift(listingNo: string): Promise<boolean> {
    const rows = await this.options.db
      .update(ndrpSimListings)
      .set({ until: new Date(this.options.clock()) })
      .where(eq(ndrpSimListings.listingNo, listingNo))
      .returning({ id: ndrpSimListings.id });
    return rows.length > 0;
  }

  listings(): Promise<SimListing[]> {
    return this.options.db.select().from(ndrpSimListings).orderBy(desc(ndrpSimListings.id)).limit(200);
  }

  requests(): Promise<SimRequest[]> {
    return this.options.db.select().from(ndrpSimRequests).orderBy(desc(ndrpSimRequests.id)).limit(200);
  }

  /** The regulator's decision on a family exclusion: listed (for `months`, 0 = until lifted) or declined. */
  async decide(requestNo: string, decision: 'listed' | 'declined', months = 12): Promise<SimListing | undefined> {
    return this.options.db.transaction(async (tx) => {
      const [request] = await tx
        .update(ndrpSimRequests)
        .set({ status: decision, decidedAt: new Date(this.options.clock()) })
        .where(and(eq(ndrpSimRequests.requestNo, requestNo), eq(ndrpSimRequests.status, 'pending')))
        .returning();
      if (!request || decision === 'declined') return undefined;
      const until = months > 0 ? new Date(this.options.clock()) : null;
      until?.setUTCMonth(until.getUTCMonth() + months);
      const [row] = await tx
        .insert(ndrpSimListings)
        .values({
          listingNo: serial('NDRP'),
          kind: 'family',
          firstName: request.firstName,
          lastName: request.lastName,
          nameKey: nameKey(`${request.firstName}${request.lastName}`),
          birthday: request.birthday,
          mobile: request.mobile,
          idKey: request.idNumber ? idKey(request.idNumber) : null,
          relation: request.relation,
          reason: request.reason,
          listedAt: new Date(this.options.clock()),
          until,
          filedBy: 'pagcor',
        })
        .returning();
      return row;
    });
  }
}

/** How a listing matches a person: the ID number; the name and birthday; or the mobile and birthday. */
export function matchOf(listing: SimListing, person: PersonToScreen): string[] | undefined {
  if (listing.idKey && person.idNumber && idKey(person.idNumber) === listing.idKey) return ['idNumber'];
  if (!person.birthday || person.birthday !== listing.birthday) return undefined;
  if (sameName(listing, person)) return ['name', 'birthday'];
  if (listing.mobile && person.mobile && listing.mobile === person.mobile) return ['mobile', 'birthday'];
  return undefined;
}
