import { z } from 'zod';
import { searchWhere } from '../../lib/search';

/** A path in this app: '/…' but not '//host…', which would leave the site. */
const isAppPath = (value: string) => value.startsWith('/') && !value.startsWith('//');

/** /login?redirect=…: where to come back to after logging in. */
export const loginSearch = z.object({ redirect: searchWhere(isAppPath) });
export type LoginSearch = z.output<typeof loginSearch>;
