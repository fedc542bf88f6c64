import type { CoreOptions } from './plugins/core';
import type { AuthModuleOptions } from './modules/auth';
import type { BetsModuleOptions } from './modules/bets';
import type { BookingModuleOptions } from './modules/booking';
import type { CasinoWalletOptions } from './modules/casinoWallet';
import type { GamesModuleOptions } from './modules/games';
import type { KycModuleOptions } from './modules/kyc';
import type { PaymentsOptions } from './modules/payments';
import type { SupportModuleOptions } from './modules/support';
import type { WalletModuleOptions } from './modules/wallet';
import type { JobsOptions } from './plugins/jobs';
import type { RateLimitOptions } from './plugins/rateLimits';
import type { RealtimeOptions } from './plugins/realtime';
import type { FeedModuleOptions } from './providers/feed';
import type { GameProviderOptions } from './providers/games';
import type { KycVendorOptions } from './providers/kyc';

/**
 * What a caller may set beyond the configuration (tests, the development server): each part's own
 * options, under its name.
 */
export interface AppOptions
  extends
    Omit<CoreOptions, 'config'>,
    AuthModuleOptions,
    BetsModuleOptions,
    FeedModuleOptions,
    RateLimitOptions,
    RealtimeOptions,
    WalletModuleOptions {
  logger?: boolean;
  /** Calls per minute per logged-in player (default 300). */
  accountCallsPerMinute?: number;
  /** The shared jobs' loop: `run: false` leaves them still until app.jobs.tick() (tests). */
  jobs?: JobsOptions;
  payments?: PaymentsOptions;
  kyc?: KycModuleOptions;
  /** The eKYC vendor simulator: where its review webhooks go (tests record them) and how they are spread. */
  kycVendor?: KycVendorOptions;
  /** The game provider simulator: how it reaches the seamless wallet (tests put a fake operator there). */
  gameProvider?: GameProviderOptions;
  casinoWallet?: CasinoWalletOptions;
  games?: GamesModuleOptions;
  /** Booking codes: how many a player may make, how often a code may be tried (tests). */
  booking?: BookingModuleOptions;
  /** The customer-support chat: where its help desk's settings are read (tests). */
  support?: SupportModuleOptions;
  /** Serve the PWA from its sources through Vite with hot reload (`npm run dev`); refused in production. */
  viteDev?: boolean;
}
