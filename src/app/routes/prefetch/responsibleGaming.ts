import { queryClient } from '../../../api/instance';
import { rgStatusQuery } from '../../../features/responsibleGaming/api';
import { rgSearch } from '../../../features/responsibleGaming/search';
import { isLoggedIn, session } from '../../../stores/session';
import { type RoutesData, data } from '../data';

/** A player's limits, breaks and reminders (a visitor sees the text and the helpline: nothing to fetch). */
const tools = data({
  search: rgSearch,
  prefetch: () => {
    if (isLoggedIn()) void queryClient.prefetchQuery(rgStatusQuery(session.webToken.token));
  },
});

export const ROUTE_DATA: RoutesData = {
  responsibleGaming: tools,
  'responsive-gaming': tools,
};
