// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a file as if it stood at `filePath`, with the repository's own configuration. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'panalo/feature-boundaries').map((m) => m.message);
}

describe('feature boundaries (lint: panalo/feature-boundaries)', () => {
  it('refuses a feature importing another feature, statically, lazily or by re-export', async () => {
    const messages = await lint(
      'src/features/sports/Fixture.tsx',
      [
        "import { betSlip } from '../betslip/store';",
        "export { pickText } from '../../features/bets/TicketCard';",
        "export const later = () => import('../account/AccountPage');",
        'export const count = betSlip.orders.length;',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain("'../betslip/store' is in the feature 'betslip'");
  });

  it('refuses a feature reaching up into src/app', async () => {
    expect(await lint('src/features/bets/deep/Fixture.ts', "export { slipPicks } from '../../../app/betSlip';")).toEqual([
      expect.stringContaining('is in src/app'),
    ]);
  });

  it('knows one design-system folder: src/ui, not a src/components beside it', async () => {
    expect(await lint('src/features/bets/Fixture.ts', "export { PageLayout } from '../../components/PageLayout';")).toEqual([
      expect.stringContaining('is in src/components'),
    ]);
  });

  it('lets a feature import the shared layers, packages and itself', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { api } from '../../api/instance';",
      "import { pickText } from '../../lib/marketLabels';",
      "import { useNow } from '../../hooks/useNow';",
      "import { PageLayout } from '../../ui/PageLayout';",
      "import { usePicked } from './picks';",
      'export const all = [useQuery, api, pickText, useNow, PageLayout, usePicked];',
    ].join('\n');
    expect(await lint('src/features/sports/Fixture.tsx', code)).toEqual([]);
    // src/app composes features: the rule does not apply there.
    expect(await lint('src/app/Fixture.ts', "export { betSlip } from '../features/betslip/store';")).toEqual([]);
  });
});

/** The messages of one rule for a file linted as if it stood at `filePath`. */
async function lintRule(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

describe('layer order (lint: panalo/layer-order)', () => {
  it('refuses a shared layer importing a layer above it: the api the strings, realtime the shared hooks', async () => {
    expect(await lintRule('src/api/Fixture.ts', "export { i18next } from '../i18n';", 'panalo/layer-order')).toEqual([
      expect.stringContaining('is in src/i18n, above src/api'),
    ]);
    expect(await lintRule('src/realtime/Fixture.ts', "export { useOnline } from '../hooks/useOnline';", 'panalo/layer-order')).toEqual([
      expect.stringContaining('is in src/hooks, above src/realtime'),
    ]);
    expect(
      await lintRule('src/stores/Fixture.ts', "export const later = () => import('../api/instance');", 'panalo/layer-order'),
    ).toHaveLength(1);
  });

  it('lets a layer import its own and the layers below it', async () => {
    const code = [
      "import { api } from '../api/instance';",
      "import { session } from '../stores/session';",
      "import { formatCentavos } from '../lib/money';",
      "import { useConnectionStatus } from '../realtime/hooks';",
      "import { Button } from '../ui/Button';",
      "import { useOnline } from './useOnline';",
      "import { i18next } from '../i18n';",
      'export const all = [api, session, formatCentavos, useConnectionStatus, Button, useOnline, i18next];',
    ].join('\n');
    expect(await lintRule('src/hooks/Fixture.ts', code, 'panalo/layer-order')).toEqual([]);
  });

  it('lets server/ and workers/ import only src/contract and src/lib, and the page nothing of workers/', async () => {
    expect(await lintRule('server/plugins/Fixture.ts', "export { en } from '../../src/i18n/en';", 'panalo/layer-order')).toEqual([
      expect.stringContaining('server/ imports only src/contract and src/lib'),
    ]);
    expect(
      await lintRule('workers/realtime/Fixture.ts', "export { realtime } from '../../src/realtime/client';", 'panalo/layer-order'),
    ).toHaveLength(1);
    expect(
      await lintRule(
        'server/plugins/Fixture.ts',
        "export { inListView } from '../../src/contract/lists';\nexport { manilaDay } from '../../src/lib/dates';",
        'panalo/layer-order',
      ),
    ).toEqual([]);
    expect(
      await lintRule('src/realtime/Fixture.ts', "export { mainMarkets } from '../../workers/realtime/views';", 'panalo/layer-order'),
    ).toEqual([expect.stringContaining('through src/contract or src/lib')]);
  });

  it('checks the layers in the order docs/architecture.md lists them', async () => {
    const { LAYER_ORDER } = (await import('../../scripts/lint/layers.mjs')) as { LAYER_ORDER: string[][] };
    const doc = readFileSync(resolve(process.cwd(), 'docs/architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## The page: layers and their rule'), doc.indexOf('The rules, each enforced'));
    // Each row's first cell: `src/contract/`, `src/lib/` → ['contract', 'lib'].
    const rows = [...table.matchAll(/^\| (`src\/[^|]+)\|/gm)].map((m) => [...m[1]!.matchAll(/`src\/(\w+)\//g)].map((n) => n[1]));
    expect(rows.filter((row) => row.length > 0)).toEqual(LAYER_ORDER);
  });
});

describe('network and timers (lint: no-restricted-globals)', () => {
  const globals = (filePath: string, code: string) => lintRule(filePath, code, 'no-restricted-globals');

  it('refuses a raw fetch outside src/api and the worker’s http module', async () => {
    expect(await globals('src/features/site/Fixture.ts', "export const get = () => fetch('/x');")).toEqual([
      expect.stringContaining('through src/api'),
    ]);
    expect(await globals('src/lib/Fixture.ts', "export const get = () => fetch('/x');")).toHaveLength(1);
    expect(await globals('workers/realtime/Fixture.ts', "export const get = () => fetch('/x');")).toHaveLength(1);
    expect(await globals('src/api/Fixture.ts', "export const get = () => fetch('/x');")).toEqual([]);
    expect(await globals('workers/realtime/http.ts', "export const get = () => fetch('/x');")).toEqual([]);
  });

  it('refuses raw timers in a feature, and lets it take src/lib/timers.ts', async () => {
    expect(await globals('src/features/bets/Fixture.ts', 'export const later = (fn: () => void) => setTimeout(fn, 10);')).toEqual([
      expect.stringContaining('src/lib/timers.ts'),
    ]);
    expect(
      await lintRule(
        'src/features/bets/Fixture.ts',
        'export const later = (fn: () => void) => window.setInterval(fn, 10);',
        'no-restricted-properties',
      ),
    ).toHaveLength(1);
    expect(
      await globals(
        'src/features/bets/Fixture.ts',
        "import { timers } from '../../lib/timers';\nexport const later = (fn: () => void) => timers.setTimeout(fn, 10);",
      ),
    ).toEqual([]);
    // Storage stays refused beside them.
    expect(await globals('src/features/bets/Fixture.ts', "export const x = localStorage.getItem('a');")).toHaveLength(1);
  });
});
