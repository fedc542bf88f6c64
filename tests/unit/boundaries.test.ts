// @vitest-environment node
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
