import { ROUTE_DECLARATIONS } from './declarations';
import type { RouteDef } from './meta';

/** Each route's and child path's metadata by name, from the declarations the entry holds. */
const byName = new Map<string, Omit<RouteDef, 'page' | 'data'>>();
for (const route of ROUTE_DECLARATIONS) {
  byName.set(route.name, route);
  for (const child of route.children ?? []) {
    byName.set(child.name, { ...route, name: child.name, loginRequired: Boolean(child.loginRequired || route.loginRequired) });
  }
}

export function routeByName(name: string): Omit<RouteDef, 'page' | 'data'> | undefined {
  return byName.get(name);
}

export function isLoginRequiredRoute(name: string): boolean {
  return routeByName(name)?.loginRequired === true;
}
