import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../src/app/routes/table';
import { routesCn } from '../../src/i18n/routes.cn';
import { routesEn } from '../../src/i18n/routes.en';

/**
 * A route's title and description follow from its name (issue 33): every route of the table, its children
 * included, has both in English and in Chinese, and no title is left for a route that is gone. A page
 * without them would be titled 'Panalo' and read out as nothing in particular.
 */
const names = (ROUTES as readonly RouteDef[]).flatMap((route) => [route.name, ...(route.children ?? []).map((child) => child.name)]);

describe('route titles', () => {
  for (const [language, titles] of [
    ['en', routesEn],
    ['cn', routesCn],
  ] as const) {
    it(`names every route in ${language}, with a description, and nothing else`, () => {
      const missing = names.filter((name) => !titles[name]?.title.trim() || !titles[name]?.description.trim());
      expect(missing, `routes without a ${language} title or description`).toEqual([]);
      expect(
        Object.keys(titles).filter((name) => !names.includes(name)),
        `${language} titles of no route`,
      ).toEqual([]);
    });
  }
});
