import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The part of the product that builds a page. A page of a later release shows its title and says so. */
export type RouteOwner =
  | 'shell'
  | 'content'
  | 'sports'
  | 'betting'
  | 'account'
  | 'security'
  | 'kyc'
  | 'wallet'
  | 'records'
  | 'games'
  | 'promo'
  | 'partner'
  | 'dev';

/** What each route carries for the guards, the shell and the page title. */
export interface RouteStatic {
  name: string;
  path: string;
  owner: RouteOwner | 'redirect';
  loginRequired?: boolean;
  hiddenUnderPagcor?: boolean;
  homeTab?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    route?: RouteStatic;
  }
}

/** The leaf route's metadata, and its title and description in the player's language. */
export function useRouteMeta(): { route: RouteStatic | undefined; title: string; description: string } {
  const route = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.route });
  const { t } = useTranslation();
  const meta: unknown = route ? t(`routes.${route.name}` as 'routes.Home', { returnObjects: true }) : undefined;
  if (typeof meta === 'object' && meta !== null && 'title' in meta) {
    const { title, description } = meta as { title: string; description: string };
    return { route, title, description };
  }
  return { route, title: t('app.name'), description: '' };
}
