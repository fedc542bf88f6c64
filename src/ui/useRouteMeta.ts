import { type StaticDataRouteOption, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** A route's static data, as src/app/routes/meta.ts declares it for the router. */
export type RouteStatic = NonNullable<StaticDataRouteOption['route']>;

/** The leaf route's metadata (without its texts: a layout that only needs its name skips their look-up). */
export function useLeafRoute(): RouteStatic | undefined {
  return useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.route });
}

/** The leaf route's metadata, and its title and description in the player's language. */
export function useRouteMeta(): { route: RouteStatic | undefined; title: string; description: string } {
  const route = useLeafRoute();
  const { t } = useTranslation();
  const meta: unknown = route ? t(`routes.${route.name}` as 'routes.Home', { returnObjects: true }) : undefined;
  if (typeof meta === 'object' && meta !== null && 'title' in meta) {
    const { title, description } = meta as { title: string; description: string };
    return { route, title, description };
  }
  return { route, title: t('app.name'), description: '' };
}
