import { page } from '../route';

/** The page of a route without its own yet (no `page` in its declaration): its title, and that a later release brings it. */
export const COMING_SOON = page('ComingSoonPage', () => import('../../../ui/ComingSoon'));
