import { type AnyRoute, type RouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import { MaintenancePage } from '../../features/site/MaintenancePage';
import { withChunkTimeout } from '../../lib/chunks';
import { COMING_SOON } from './owners/comingSoon';
import { ROUTE_DECLARATIONS } from './declarations';
import { type LazyPage, SHELL_PAGE } from './route';

/**
 * Which page each route shows, as its declaration names it (routes/owners/<owner>.ts). Every page is its
 * own chunk, loaded when the route is first visited, so a player downloads the shell and the page in
 * front of them and nothing else. Pages a later release builds show their title and say so
 * (ComingSoonPage), never made-up data.
 */
function lazy({ export: name, load }: LazyPage): RouteComponent {
  return lazyRouteComponent(withChunkTimeout(name, load), name);
}

const comingSoon = lazy(COMING_SOON);

/** Pages of the shell itself, not a chunk: the maintenance page is what the service worker shows when there is no network. */
const SHELL_PAGES: Record<string, RouteComponent> = { Maintenance: MaintenancePage };

const PAGES = new Map<string, RouteComponent>();
for (const route of ROUTE_DECLARATIONS) {
  if (route.page === SHELL_PAGE) {
    const component = SHELL_PAGES[route.name];
    if (!component) throw new Error(`routes: ${route.name} names a page of the shell that pages.tsx does not hold`);
    PAGES.set(route.name, component);
  } else if (route.page) PAGES.set(route.name, lazy(route.page));
}

export function pageFor(name: string): RouteComponent {
  return PAGES.get(name) ?? comingSoon;
}

/** Whether a route has a page of its own (else a later release's: the coming-soon page, titled by the route table). */
export function hasOwnPage(name: string): boolean {
  return PAGES.has(name);
}

/**
 * The page of `route`, given the route's path parameters and validated search (its declaration's
 * schema) as props: pages take what they show as props and never read the address themselves. Keeps the
 * page's chunk preloading.
 */
export function withRouteProps(Page: RouteComponent, route: AnyRoute): RouteComponent {
  function RoutePage() {
    const params: Record<string, string> = route.useParams();
    const search: Record<string, unknown> = route.useSearch();
    return <Page {...params} {...search} />;
  }
  if (Page.preload) RoutePage.preload = Page.preload;
  return RoutePage;
}
