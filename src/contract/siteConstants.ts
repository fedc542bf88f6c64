import type { ProductSwitch } from './site';

/**
 * Site constants the shell uses (the guards, the maintenance store), without zod so the first load
 * stays without it (issue 14); contract/site.ts re-exports them.
 */

/** The game-list setting that sends login-required visitors to the games page instead of home. */
export const GAME_LIST_GAMES_FIRST = 5;

/** The H5 web app's entry in the product switches. */
export const H5_PRODUCT_MODULE = 'H5';

/** Whether a product switch list turns a feature on for the H5 app. */
export function isSwitchOnForH5(entries: readonly ProductSwitch[]): boolean {
  return entries.some((entry) => entry.productModule === H5_PRODUCT_MODULE && entry.switch);
}

/** The banner entry that holds the maintenance image. */
export const MAINTENANCE_IMAGE_ENTRY = 'APH5';
