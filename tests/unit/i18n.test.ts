import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../src/app/routes/table';
import { loadDoc } from '../../src/features/content/docs';
import { FAQ_ARTICLES } from '../../src/contract/faq/types';
import { LEGAL_DOCS } from '../../src/features/content/docs/types';
import { cn } from '../../src/i18n/cn';
import { en as enShell } from '../../src/i18n/en';
import { enAreas } from '../../src/i18n/en.areas';

import { initI18n } from '../../src/i18n';

/** Every English string: the shell's and the areas' (loaded after the first paint). */
const en = { ...enShell, ...enAreas };

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n', () => {
  it('has every English string in Chinese too', () => {
    expect(leafKeys(cn).sort()).toEqual(leafKeys(en).sort());
  });

  it('keeps the interpolation placeholders in every translation', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join(',');
    const flat = (obj: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj);
    for (const key of leafKeys(en)) {
      expect(placeholders(String(flat(cn, key))), key).toBe(placeholders(String(flat(en, key))));
    }
  });

  it('gives every route a title and description in both languages (route metadata, spec §2)', () => {
    const names = (ROUTES as readonly RouteDef[]).flatMap((r) => [r.name, ...(r.children ?? []).map((c) => c.name)]);
    for (const name of names) {
      expect(en.routes[name]?.title, name).toBeTruthy();
      expect(en.routes[name]?.description, name).toBeTruthy();
      expect(cn.routes[name]?.title, name).toBeTruthy();
      expect(cn.routes[name]?.description, name).toBeTruthy();
    }
  });
});

describe('help and legal documents', () => {
  const slugs = [...FAQ_ARTICLES, ...new Set(Object.values(LEGAL_DOCS))];

  it.each(slugs)('%s exists in English and Chinese with the same sections', async (slug) => {
    await initI18n('en');
    const english = await loadDoc(slug, 'en');
    const chinese = await loadDoc(slug, 'cn');
    expect(english.title).not.toBe('');
    expect(english.sections.length).toBeGreaterThan(2);
    expect(chinese.sections.length).toBe(english.sections.length);
    expect(chinese.title).not.toBe(english.title);
  });

  it('says what the product is: PAGCOR-regulated, 21 and over', async () => {
    const terms = await loadDoc('terms', 'en');
    const text = JSON.stringify(terms);
    expect(text).toContain('PAGCOR');
    expect(text).toMatch(/21/);
  });
});
