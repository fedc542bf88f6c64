import { ROUTES, type RouteDef } from './table';

const byName = new Map<string, RouteDef>();
for (const route of ROUTES as readonly RouteDef[]) {
  byName.set(route.name, route);
  for (const child of route.children ?? []) {
    byName.set(child.name, { ...route, name: child.name, loginRequired: Boolean(child.loginRequired || route.loginRequired) });
  }
}

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

export function isLoginRequiredRoute(name: string): boolean {
  return routeByName(name)?.loginRequired === true;
}
