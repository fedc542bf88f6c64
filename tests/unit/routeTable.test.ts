import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_DECLARATIONS } from '../../src/app/routes/declarations';
import { ROUTE_OWNERS, type RouteDef } from '../../src/app/routes/meta';
import { PREFETCH_MODULES } from '../../src/app/routes/prefetch';
import { type RouteDeclaration, SHELL_PAGE } from '../../src/app/routes/route';
import { ROUTES } from '../../src/app/routes/table';

/**
 * One route, one place (issue 33): a route is declared once, in its owner's file
 * (src/app/routes/owners/<owner>.ts), with its path, guard flags, search schema, data and page; the pure
 * table the guards and the server's build step read (table.gen.ts) is written from those declarations
 * here. `npm run routes` rewrites it after a declaration changed; this test fails while it is stale.
 */

const OWNERS_DIR = 'src/app/routes/owners';
const ownerFiles = readdirSync(OWNERS_DIR).filter((file) => file.endsWith('.ts'));

/** The page module each declaration imports, read from its source ('' for the shell's own page): the import is lazy, so the build names its chunk by it. */
function declaredPageModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of ownerFiles) {
    const source = readFileSync(join(OWNERS_DIR, file), 'utf8');
    for (const declaration of source.split(/\broute\(\{/).slice(1)) {
      const name = /\bname: '([^']+)'/.exec(declaration)?.[1];
      if (!name) continue;
      const lazy = /\bpage: page\(\s*'\w+',\s*\(\) => import\('([^']+)'\)\s*\)/.exec(declaration)?.[1];
      if (lazy) modules.set(name, moduleOf(join(OWNERS_DIR, file), lazy));
      else if (/\bpage: SHELL_PAGE\b/.test(declaration)) modules.set(name, '');
    }
  }
  return modules;
}

function moduleOf(file: string, specifier: string): string {
  return relative(process.cwd(), resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
}

function comingSoonModule(): string {
  const file = join(OWNERS_DIR, 'comingSoon.ts');
  const specifier = /import\('([^']+)'\)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return moduleOf(file, specifier);
}

/** A declaration's pure part, as table.gen.ts holds it. */
function metaOf(declaration: RouteDeclaration, page: string | undefined): RouteDef {
  return {
    path: declaration.path,
    name: declaration.name,
    owner: declaration.owner,
    ...(declaration.loginRequired ? { loginRequired: true } : {}),
    ...(declaration.hiddenUnderPagcor ? { hiddenUnderPagcor: true } : {}),
    ...(declaration.nonProductionOnly ? { nonProductionOnly: true } : {}),
    ...(declaration.homeTab ? { homeTab: true } : {}),
    ...(page !== undefined ? { page } : {}),
    ...(declaration.load ? { data: true } : {}),
    ...(declaration.children ? { children: declaration.children } : {}),
  };
}

/** TypeScript of a plain value: keys bare, strings single-quoted (one route a line). */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));
    return `{ ${Object.entries(value)
      .map(([name, field]) => `${key(name)}: ${literal(field)}`)
      .join(', ')} }`;
  }
  return String(value);
}

function renderTable(): string {
  const pages = declaredPageModules();
  const rows = ROUTE_DECLARATIONS.map((declaration) => `  ${literal(metaOf(declaration, pages.get(declaration.name)))},`);
  return [
    '// Generated from src/app/routes/owners/*.ts by tests/unit/routeTable.test.ts (`npm run routes`): do not edit.',
    "import type { RouteDef } from './meta';",
    '',
    '/** The module of the page a route without one of its own shows (routes/owners/comingSoon.ts). */',
    `export const COMING_SOON_PAGE = ${literal(comingSoonModule())};`,
    '',
    "/** Every route of spec §2 in its declarations' order: path, name, owner, guard flags, page module, whether it has data. */",
    'export const ROUTES = [',
    ...rows,
    '] as const satisfies readonly RouteDef[];',
    '',
  ].join('\n');
}

describe('the route declarations', () => {
  it('write the route table the guards and the build read (npm run routes rewrites it)', async () => {
    await expect(renderTable()).toMatchFileSnapshot('../../src/app/routes/table.gen.ts');
    expect(ROUTES.map((route) => route.name)).toEqual(ROUTE_DECLARATIONS.map((route) => route.name));
  });

  it('declare every route once, and its child paths, under names no other route has', () => {
    const names = ROUTE_DECLARATIONS.flatMap((route) => [route.name, ...(route.children ?? []).map((child) => child.name)]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const paths = ROUTE_DECLARATIONS.map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
    expect(names.length).toBeGreaterThan(150);
  });

  it("are each in their owner's file, which holds no other owner's routes", async () => {
    expect(ownerFiles.filter((file) => file !== 'comingSoon.ts').sort()).toEqual(ROUTE_OWNERS.map((owner) => `${owner}.ts`).sort());
    for (const owner of ROUTE_OWNERS) {
      const module = (await import(`../../src/app/routes/owners/${owner}.ts`)) as Record<string, readonly RouteDeclaration[]>;
      const declared = Object.values(module).flatMap((value) => (Array.isArray(value) ? (value as RouteDeclaration[]) : []));
      expect({ owner, others: declared.filter((route) => route.owner !== owner).map((route) => route.name) }).toEqual({
        owner,
        others: [],
      });
      expect(declared.length, owner).toBe(ROUTE_DECLARATIONS.filter((route) => route.owner === owner).length);
    }
  });

  it('import pages that exist and export what the route shows', async () => {
    const modules = declaredPageModules();
    let lazy = 0;
    for (const route of ROUTE_DECLARATIONS) {
      if (!route.page) continue;
      // Every page is one the source names, so the build's preloads (scripts/vite-first-paint.ts) know its chunk.
      expect({ name: route.name, module: modules.has(route.name) }).toEqual({ name: route.name, module: true });
      if (route.page === SHELL_PAGE) continue;
      lazy += 1;
      const file = modules.get(route.name) ?? '';
      expect({ name: route.name, file, exists: ['.tsx', '.ts'].some((ext) => existsSync(file + ext)) }).toMatchObject({ exists: true });
      const source = readFileSync(['.tsx', '.ts'].map((ext) => file + ext).find((path) => existsSync(path)) ?? '', 'utf8');
      const exported = new RegExp(
        String.raw`export (?:function|const|class) ${route.page.export}\b|export \{[^}]*\b${route.page.export}\b`,
      );
      expect({ name: route.name, file, export: route.page.export, found: exported.test(source) }).toMatchObject({ found: true });
    }
    expect(lazy).toBeGreaterThan(90);
    expect(existsSync(`${comingSoonModule()}.tsx`)).toBe(true);
  });

  it("have their data beside them, run by their owner's chunk of queries", async () => {
    for (const route of ROUTE_DECLARATIONS) {
      if (!route.load) continue;
      const load = PREFETCH_MODULES[route.owner];
      expect({ name: route.name, chunk: load !== undefined }).toEqual({ name: route.name, chunk: true });
      const { ROUTE_DATA } = await load!();
      expect(ROUTE_DATA[route.name as keyof typeof ROUTE_DATA]?.search, route.name).toBe(route.search);
    }
    // And an owner's chunk starts no data a declaration does not give.
    for (const [owner, load] of Object.entries(PREFETCH_MODULES)) {
      const { ROUTE_DATA } = await load();
      const declared = ROUTE_DECLARATIONS.filter((route) => route.owner === owner && route.load).map((route) => route.name);
      expect(Object.keys(ROUTE_DATA).sort(), owner).toEqual(declared.sort());
    }
  });
});
