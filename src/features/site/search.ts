import { searchAppPath, searchObject, searchOneOf, type SearchOutput } from '../../lib/search';

/**
 * /maintenance?offline=1&from=…: the service worker sends a page asked for without network here
 * (workers/sw.ts), with the path to go back to when the network returns.
 */
export const maintenanceSearch = searchObject({ offline: searchOneOf(['1']), from: searchAppPath });
export type MaintenanceSearch = SearchOutput<typeof maintenanceSearch>;
