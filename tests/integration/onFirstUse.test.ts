import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onFirstUse } from '../../scripts/vite-on-first-use';

/**
 * scripts/vite-on-first-use.ts as the build applies it (react-dom's client in src/main.tsx): a package
 * imported as `on-first-use:<name>` is bundled into the importing chunk, and evaluated only when the app
 * first calls `load()`, once.
 */
let dir: string;
let built: { run: () => unknown; order: string[] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'panalo-on-first-use-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  // A CommonJS package, as react-dom's client is, that notes when it evaluates.
  write('node_modules/late-package/package.json', JSON.stringify({ name: 'late-package', main: 'index.js' }));
  write('node_modules/late-package/index.js', "(globalThis.order ??= []).push('package');\nexports.answer = 42;\n");
  write(
    'entry.js',
    [
      "import { load } from 'on-first-use:late-package';",
      "(globalThis.order ??= []).push('entry');",
      'export const order = globalThis.order;',
      'export function run() { return load().answer; }',
    ].join('\n'),
  );
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [onFirstUse()],
    build: {
      outDir: 'out',
      minify: false,
      lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' },
    },
  });
  const [bundle] = [output].flat() as { output: { fileName: string; isEntry?: boolean }[] }[];
  const entry = bundle?.output.find((file) => file.isEntry)?.fileName ?? '';
  built = (await import(pathToFileURL(join(dir, 'out', entry)).href)) as typeof built;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('evaluates the package on the first load(), not with the chunk that imports it, and only once', () => {
  expect(built.order).toEqual(['entry']);
  expect(built.run()).toBe(42);
  expect(built.order).toEqual(['entry', 'package']);
  expect(built.run()).toBe(42);
  expect(built.order).toEqual(['entry', 'package']);
});
