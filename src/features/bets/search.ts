import { searchObject, searchText, type SearchOutput } from '../../lib/search';

/** /history-detail and /recordDetail ?transId=…: the ticket to show (text: ids are longer than a safe number). */
export const ticketSearch = searchObject({ transId: searchText });
export type TicketSearch = SearchOutput<typeof ticketSearch>;
