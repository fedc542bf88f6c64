import * as z from 'zod/mini';
import { OddsType } from '../sports';

/**
 * Building blocks of the answer schemas. Answers are strict objects: a field the contract does not
 * name (a leak, a typo) fails the check as surely as a missing one. Amounts are whole centavos.
 */
export const centavos = z.int();
export const isoTime = z.iso.datetime();
export const flag = z.union([z.literal(0), z.literal(1)]);
/** An answer with no data (the envelope's body/data is null). */
export const nothing = z.null();
/** How the player's odds are shown (spec §3 oddsType). */
export const oddsType = z.enum(OddsType);
