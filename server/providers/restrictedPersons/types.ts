/**
 * The restricted-persons check (issue 34): PAGCOR's National Database of Restricted Persons (NDRP) lists
 * people who may not play at any licensed site: self-exclusions, family exclusions asked by a spouse, a
 * parent or a child aged 18 or more, and prohibited persons. A listing names a person by name, birthday,
 * mobile number and ID number, as far as the filer knew them. The operator screens a player at
 * registration (with what registration has: mobile and birthday), at identity verification (name,
 * birthday, ID number) and nightly; it files its own players' self-exclusions, and a family member's
 * request reaches the registry through the operator's intake form.
 */

export type ListingKind = 'self' | 'family' | 'barred';

/** Whom to screen: what the operator knows of a player; `ref` comes back with each hit. */
export interface PersonToScreen {
  ref: string;
  /** The whole name as the player gave it ('Juan Santos Dela Cruz'), if known. */
  fullName?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** YYYY-MM-DD. */
  birthday?: string | null | undefined;
  /** E.164 (+639…). */
  mobile?: string | null | undefined;
  idNumber?: string | null | undefined;
}

export interface ScreeningHit {
  ref: string;
  listingNo: string;
  kind: ListingKind;
  /** What matched: ['idNumber'], ['name', 'birthday'], ['mobile', 'birthday']. */
  matchedOn: string[];
  /** When the listing ends (null: until lifted by the regulator). */
  until: string | null;
}

export interface FamilyExclusionRequest {
  relation: 'spouse' | 'parent' | 'child';
  requesterName: string;
  requesterContact: string;
  person: { firstName: string; lastName: string; birthday: string; mobile?: string | undefined; idNumber?: string | undefined };
  reason: string;
}

export interface SelfExclusionFiling {
  fullName: string;
  birthday: string | null;
  mobile: string | null;
  until: string;
  /** The operator's reference, so a second filing of the same exclusion updates it. */
  reference: string;
}

/** The registry could not be reached: the caller records that the check is owed and tries again later. */
export class RegistryUnavailable extends Error {
  constructor() {
    super('the restricted-persons registry cannot be reached');
    this.name = 'RegistryUnavailable';
  }
}

export interface RestrictedPersonsRegistry {
  /** Screens people against the active listings (a batch of at most 500); throws RegistryUnavailable. */
  screen(people: readonly PersonToScreen[]): Promise<ScreeningHit[]>;
  /** Files a family member's exclusion request; the regulator decides it (the simulator's /sim/ndrp). */
  requestFamilyExclusion(request: FamilyExclusionRequest): Promise<{ requestNo: string }>;
  /** Files (or extends) a self-exclusion a player made on our site. */
  fileSelfExclusion(filing: SelfExclusionFiling): Promise<{ listingNo: string }>;
}

/** Upper-case letters only, accents dropped: 'Ñoño Dela-Cruz' → 'NONODELACRUZ'. */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/** Letters and digits of an ID number, upper case: '1234-5678-9012' → '123456789012'. */
export const idKey = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether a listing's first and last name are this person's: the same letters, or the whole name starting
 * with the first name and ending with the last (a middle name between them).
 */
export function sameName(listing: { firstName: string; lastName: string }, person: PersonToScreen): boolean {
  const first = nameKey(listing.firstName);
  const last = nameKey(listing.lastName);
  if (!first || !last) return false;
  const candidates = [person.fullName, [person.firstName, person.lastName].filter(Boolean).join(' ')]
    .map((name) => nameKey(name ?? ''))
    .filter((key) => key.length > 0);
  return candidates.some(
    (key) => key === first + last || (key.startsWith(first) && key.endsWith(last) && key.length > first.length + last.length),
  );
}
