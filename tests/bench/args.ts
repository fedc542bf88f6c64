import { parseArgs } from 'node:util';

/**
 * The browser benches' options: `--runs N` (visits or audits per page, default 3) and `--pages a,b`
 * (paths; a missing leading slash is added), plus any flags the bench names.
 */
export function benchOptions(defaultPages: readonly string[], flags: readonly string[] = [], texts: readonly string[] = []) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: defaultPages.join(',') },
      ...Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' as const, default: false }])),
      ...Object.fromEntries(texts.map((name) => [name, { type: 'string' as const, default: '' }])),
    },
    strict: true,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  const pages = String(values.pages)
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean)
    .map((page) => (page.startsWith('/') ? page : `/${page}`));
  const set = (flag: string) => (values as Record<string, unknown>)[flag] === true;
  const text = (name: string) => String((values as Record<string, unknown>)[name] ?? '');
  return { runs, pages, set, text };
}
