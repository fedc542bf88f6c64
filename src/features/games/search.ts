import * as z from 'zod/mini';
import { searchText } from '../../lib/search';

/** /search?q=…: the query to start with (a link from elsewhere may carry one). */
export const gameSearch = z.object({ q: searchText });
