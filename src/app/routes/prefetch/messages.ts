import { queryClient } from '../../../api/instance';
import { messageQuery, messagesQuery, unreadQuery } from '../../../features/messages/api';
import { routeData } from '../route';
import { MESSAGES_ROUTES } from '../owners/messages';

/**
 * What the loaders of features/messages's routes use (routes/owners/messages.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, messageQuery, messagesQuery, unreadQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(MESSAGES_ROUTES, kit);
