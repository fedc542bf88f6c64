import { casinoEn } from './casino.en';
import { gamesEn } from './games.en';
import { kycEn } from './kyc.en';
import { kycProfileEn } from './kycProfile.en';
import { securityEn } from './security.en';
import { walletEn } from './wallet.en';
import { withdrawEn } from './withdraw.en';

/**
 * The English of the areas no first screen shows (the sports pages and the shell need none of it): its
 * own chunk, loaded after the first paint or before a page that needs it (i18n/index.ts loadAreas).
 */
export const enAreas = {
  withdraw: withdrawEn,
  wallet: walletEn,
  kyc: kycEn,
  casino: casinoEn,
  games: gamesEn,
  kycProfile: kycProfileEn,
  security: securityEn,
};

export type EnAreas = typeof enAreas;
