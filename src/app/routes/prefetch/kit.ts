import type { RouteLoadContext } from '../meta';
import type { RouteDeclaration } from '../route';
import type { RoutesData } from '../data';
import type { RouteName } from '../table';

/** An owner's routes' data (its chunk, routes/prefetch/<owner>.ts): each declaration's `load`, run with the owner's kit. */
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
