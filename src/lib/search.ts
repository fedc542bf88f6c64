/**
 * Building blocks for the routes' search schemas (validateSearch). The router hands every query value
 * over as text (app/router.tsx parseSearch keeps '0917' and long ticket ids as they were typed), so the
 * fields take strings. A value a page cannot use reads as absent, never as an error: the page then
 * shows what it shows for a missing value, as it did when it parsed the address by hand.
 *
 * A hand parse rather than zod: the router validates the first page's query before it renders, and zod
 * (~9 KB brotli) would then be part of every first load (issue 14).
 */

/** One query field: the value the page receives, or undefined when the address has none it can use. */
export type SearchField<T> = (value: unknown) => T | undefined;

/** What a search schema gives its page: each field it names, absent or undefined when unusable. */
export type SearchOutput<S extends SearchSchema> = ReturnType<S['parse']>;

export type SearchShape = Record<string, SearchField<unknown>>;

/** The router's validateSearch ({ parse }); `shape` lets a route combine the fields of two schemas. */
export interface SearchSchema<Out = Record<string, unknown>, Shape extends SearchShape = SearchShape> {
  parse(input: unknown): Out;
  shape: Shape;
}

type Parsed<S extends SearchShape> = { [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined> | undefined };

/**
 * The query's fields that `shape` names, each read by its field: a field absent from the query stays
 * absent, one the page cannot use is there as undefined; fields not named are dropped.
 */
export function searchObject<const S extends SearchShape>(shape: S): SearchSchema<Parsed<S>, S> {
  return {
    shape,
    parse(input) {
      if (typeof input !== 'object' || input === null) throw new TypeError('search: expected an object');
      const query = input as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(shape)) if (key in query) out[key] = shape[key]!(query[key]);
      return out as Parsed<S>;
    },
  };
}

/** Text of at least one character, or absent. */
export const searchText: SearchField<string> = (value) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** One of a fixed list of values, or absent. */
export function searchOneOf<const T extends readonly [string, ...string[]]>(values: T): SearchField<T[number]> {
  return (value) => (typeof value === 'string' && values.includes(value) ? (value as T[number]) : undefined);
}

/** Text that passes `valid`, or absent. */
export function searchWhere(valid: (value: string) => boolean): SearchField<string> {
  return (value) => (typeof value === 'string' && valid(value) ? value : undefined);
}

/** A path in this app: '/…' but not '//host…', which would leave the site. Anything else reads as absent. */
export const searchAppPath = searchWhere((value) => value.startsWith('/') && !value.startsWith('//'));
