// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, read from its imports: a module's routes (its calls) are put together by
 * server/app.ts alone; a service never reaches up to routes; a repository (the module's SQL) never
 * reaches up to a service or routes. So the seed, the realtime side or another module use a domain
 * through its service or repository, never through its calls.
 */

const ROOT = resolve(__dirname, '../..');

function serverFiles(dir = join(ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a file, as a path from the repository root without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specifiers.map((specifier) => relative(ROOT, resolve(dirname(file), specifier)).replace(/\.ts$/, ''));
}

const layer = (path: string) => /^server\/modules\/[^/]+\/(routes|service|repository)$/.exec(path.replace(/\.ts$/, ''))?.[1];

describe('server layers', () => {
  const files = serverFiles().map((file) => ({ path: relative(ROOT, file), imports: importsOf(file) }));

  it('has a routes / service / repository split in account, messages, wallet and sports', () => {
    for (const module of ['account', 'messages', 'wallet', 'sports']) {
      for (const part of ['routes', 'service', 'repository'].filter((p) => !(module === 'wallet' && p === 'repository'))) {
        expect(files.map((f) => f.path)).toContain(`server/modules/${module}/${part}.ts`);
      }
    }
    // The wallet's repository is its ledger.
    expect(files.map((f) => f.path)).toContain('server/modules/wallet/ledger.ts');
  });

  it('imports a module’s routes only in server/app.ts or the module’s own index.ts (a plugin that wires itself)', () => {
    const ownIndex = (file: string, path: string) => file === `${path.replace(/\/routes$/, '')}/index.ts`;
    const offenders = files.flatMap((f) =>
      f.imports
        .filter((path) => layer(path) === 'routes' && f.path !== 'server/app.ts' && !ownIndex(f.path, path))
        .map((path) => `${f.path} → ${path}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never imports upwards: a service no routes, a repository no service or routes', () => {
    const offenders = files.flatMap((f) => {
      const own = layer(f.path);
      if (own !== 'service' && own !== 'repository') return [];
      const above = own === 'service' ? ['routes'] : ['routes', 'service'];
      return f.imports.filter((path) => above.includes(layer(path) ?? '')).map((path) => `${f.path} → ${path}`);
    });
    expect(offenders).toEqual([]);
  });
});
