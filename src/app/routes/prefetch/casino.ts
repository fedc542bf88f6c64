import { queryClient } from '../../../api/instance';
import { gameQuery, gameRecordDetailQuery, gameListQuery as bingoRoomsQuery } from '../../../features/casino/api';
import { routeData } from '../route';
import { CASINO_ROUTES } from '../owners/casino';

/**
 * What the loaders of features/casino's routes use (routes/owners/casino.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, gameQuery, gameRecordDetailQuery, bingoRoomsQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(CASINO_ROUTES, kit);
