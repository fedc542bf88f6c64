import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ROUTE_SEARCH, recordRouteSearch } from '../../src/app/routes/search';
import { gameSearch } from '../../src/features/casino/search';
import { sportsSearch } from '../../src/features/sports/search';
import { loginSearch } from '../../src/features/auth/search';
import { searchAppPath, searchObject, searchOneOf, searchText, searchWhere } from '../../src/lib/search';

/**
 * The routes' query schemas are a hand parse (lib/search.ts) so the first load holds no zod (issue 14).
 * They must read an address exactly as the zod schemas they replace did: the references below are those
 * schemas' building blocks, and every field is checked against them on awkward values.
 */
const ref = {
  text: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.catch(z.optional(z.enum(values)), undefined),
  where: (valid: (value: string) => boolean) => z.catch(z.optional(z.string().check(z.refine(valid))), undefined),
};
const VALUES: unknown[] = [
  '',
  'x',
  'live',
  '/sports',
  '//evil.example',
  'http://x',
  '0',
  '1001',
  '0917',
  ' ',
  7,
  0,
  null,
  undefined,
  true,
  [],
  {},
  ['live'],
];

describe('route search fields', () => {
  it('read every value as the zod schemas they replace', () => {
    const pairs = [
      [searchText, ref.text],
      [searchOneOf(['live', 'today']), ref.oneOf(['live', 'today'])],
      [searchWhere((value) => /^\d{1,3}$/.test(value)), ref.where((value) => /^\d{1,3}$/.test(value))],
      [searchAppPath, ref.where((value) => value.startsWith('/') && !value.startsWith('//'))],
    ] as const;
    for (const [field, schema] of pairs) for (const value of VALUES) expect(field(value), JSON.stringify(value)).toBe(schema.parse(value));
  });

  it('keep a field the address lacks absent, give undefined for one it cannot use, and drop the rest', () => {
    const schema = searchObject({ mode: searchOneOf(['live', 'today']), dateId: searchText });
    const reference = z.object({ mode: ref.oneOf(['live', 'today']), dateId: ref.text });
    for (const input of [{}, { mode: 'live' }, { mode: 'soon', dateId: '' }, { other: '1', dateId: '2' }, { mode: undefined }]) {
      const parsed = schema.parse(input);
      expect(parsed).toStrictEqual(reference.parse(input));
      expect(Object.keys(parsed)).toEqual(Object.keys(reference.parse(input)));
    }
    expect(Object.keys(schema.parse({ mode: 'soon', x: 1 }))).toEqual(['mode']);
    expect(() => schema.parse(null)).toThrow();
  });

  it('give the pages what a player’s address means', () => {
    expect(sportsSearch.parse({ mode: 'today', sportId: '43', dateId: '2026-11-24' })).toEqual({
      mode: 'today',
      sportId: '43',
      dateId: '2026-11-24',
    });
    expect(sportsSearch.parse({ mode: 'tomorrow', sportId: '3' })).toEqual({ mode: undefined, sportId: undefined });
    expect(loginSearch.parse({ redirect: '//evil.example/x' }).redirect).toBeUndefined();
    expect(loginSearch.parse({ redirect: '/wallet/deposit?payType=gcash' }).redirect).toBe('/wallet/deposit?payType=gcash');
    // A lobby tile links with a number; the address carries text; neither may be 0, a fraction or too long.
    expect(gameSearch.parse({ gameId: 123 }).gameId).toBe('123');
    for (const gameId of ['0', 0, 12.5, '12345678901', 'NaN', Number.NaN]) expect(gameSearch.parse({ gameId }).gameId).toBeUndefined();
    expect(recordRouteSearch.parse({ tab: 'games', period: 'nope', category: '5', type: '4' })).toEqual({
      tab: 'games',
      period: undefined,
      category: '5',
      type: '4',
    });
    expect(recordRouteSearch.parse({ tab: 'bills', type: '99' })).toEqual({ tab: 'bills', type: undefined });
  });

  it('is what the router validates each route with', () => {
    expect(ROUTE_SEARCH.Home_sports).toBe(sportsSearch);
    expect(ROUTE_SEARCH.record).toBe(recordRouteSearch);
  });
});

describe('zod settings before zod loads', () => {
  it('zod never compiles parsers with eval (the CSP forbids it), though the shell sets it without loading zod', async () => {
    await import('../../src/lib/zodConfig');
    expect(z.config().jitless).toBe(true);
  });
});
