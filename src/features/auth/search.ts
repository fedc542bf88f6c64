import * as z from 'zod/mini';
import { searchAppPath } from '../../lib/search';

/** /login?redirect=…: where to come back to after logging in (a path in this app). */
export const loginSearch = z.object({ redirect: searchAppPath });
export type LoginSearch = z.output<typeof loginSearch>;
