import type { ComponentType } from 'react';
import type { SearchOutput, SearchSchema } from '../../lib/search';
import type { RoutesData } from './data';
import type { RouteDef, RouteLoadContext } from './meta';
import type { RouteName } from './table';

/**
 * One route's declaration (routes/owners/<owner>.ts, one entry per route): its path, name, owner and
 * guard flags, its search schema, the data its page will ask for and its page, together. The guards,
 * the server's build step and the tests read the pure part of it from table.gen.ts, which
 * tests/unit/routeTable.test.ts writes from these (`npm run routes`) and keeps current.
 */
export interface RouteDeclaration extends Omit<RouteDef, 'page' | 'data'> {
  /** The query's schema (lib/search.ts, a hand parse: the entry holds it, and no zod): the router validates with it, the page and `load` get the result. */
  readonly search?: SearchSchema;
  /** The page: a lazy import (its own chunk), SHELL_PAGE for one the shell holds, none for a later release's (ComingSoon). */
  readonly page?: RoutePage;
  /**
   * The data the page will ask for, started with the route (router.tsx) while the page's chunk downloads
   * (issue 31). Runs with its owner's kit (routes/prefetch/<owner>.ts: the queries, one chunk per owner,
   * which the server preloads with the page), never waited for. On a hover (`preload`) it must start
   * nothing a visit alone may start (reading a message marks it read).
   */
  readonly load?: RouteLoad<never, never>;
}

export type RouteLoad<Kit, Search> = (kit: Kit, search: Search, route: RouteLoadContext) => void;

/** A page imported on the route's first visit: the module and the name of its export. */
export interface LazyPage {
  readonly export: string;
  readonly load: () => Promise<Record<string, ComponentType<never>>>;
}

/** The page of a route that the shell itself holds (not a chunk): routes/pages.tsx names it. */
export const SHELL_PAGE = 'shell';

export type RoutePage = LazyPage | typeof SHELL_PAGE;

/** A route's page, `name` exported by the module `load` imports (one chunk per module). */
export function page<K extends string>(name: K, load: () => Promise<Record<K, ComponentType<never>>>): LazyPage {
  return { export: name, load: load as LazyPage['load'] };
}

/** Guard flags, spread into a declaration. */
export const L = { loginRequired: true } as const;
export const P = { hiddenUnderPagcor: true } as const;

type Declared<N extends string, S extends SearchSchema, Kit> = Omit<RouteDeclaration, 'name' | 'search' | 'load'> & {
  readonly name: N;
  readonly search?: S;
  readonly load?: RouteLoad<Kit, SearchOutput<S>>;
};

/**
 * Declares one route of an owner whose loaders use `Kit` (the exports of routes/prefetch/<owner>.ts):
 * `const route = routeOf<Kit>()`. Keeps the name's literal type (RouteName) and types `load`'s search
 * by the route's schema.
 */
export function routeOf<Kit = never>() {
  return <const N extends string, S extends SearchSchema = SearchSchema>(
    def: Declared<N, S, Kit>,
  ): Declared<N, S, Kit> & RouteDeclaration => def as Declared<N, S, Kit> & RouteDeclaration;
}

/** Declares one route of an owner without loaders. */
export const route = routeOf();

/**
 * An owner's routes' data (its chunk, routes/prefetch/<owner>.ts): each declaration's `load`, run with the
 * owner's kit. Here, in the entry, so the owners' chunks share no chunk of their own.
 */
export function routeData<Kit>(routes: readonly RouteDeclaration[], kit: Kit): RoutesData {
  const data: RoutesData = {};
  for (const route of routes) {
    const load = route.load as ((kit: Kit, search: Record<string, unknown>, context: RouteLoadContext) => void) | undefined;
    if (!load) continue;
    data[route.name as RouteName] = {
      ...(route.search ? { search: route.search } : {}),
      prefetch: (search, context) => load(kit, search, context),
    };
  }
  return data;
}
