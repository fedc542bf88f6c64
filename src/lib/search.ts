import * as z from 'zod/mini';

// The Content-Security-Policy forbids eval: zod must neither compile its object parsers with
// `new Function` nor probe whether it may (the refused probe is reported as a CSP violation).
z.config({ jitless: true });

/**
 * Building blocks for the routes' search schemas (validateSearch). The router hands every query value
 * over as text (app/router.tsx parseSearch keeps '0917' and long ticket ids as they were typed), so the
 * schemas take strings. A value a page cannot use reads as absent, never as an error: the page then
 * shows what it shows for a missing value, as it did when it parsed the address by hand.
 */
export const searchText = z.catch(z.optional(z.string().check(z.minLength(1))), undefined);

/** One of a fixed list of values, or absent. */
export function searchOneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/** Text that passes `valid`, or absent. */
export function searchWhere(valid: (value: string) => boolean) {
  return z.catch(z.optional(z.string().check(z.refine(valid))), undefined);
}

/** A path in this app: '/…' but not '//host…', which would leave the site. Anything else reads as absent. */
export const searchAppPath = searchWhere((value) => value.startsWith('/') && !value.startsWith('//'));
