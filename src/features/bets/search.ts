import * as z from 'zod/mini';
import { searchText } from '../../lib/search';

/** /history-detail and /recordDetail ?transId=…: the ticket to show (text: ids are longer than a safe number). */
export const ticketSearch = z.object({ transId: searchText });
export type TicketSearch = z.output<typeof ticketSearch>;
