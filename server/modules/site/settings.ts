import { join } from 'node:path';
import * as z from 'zod';
import { keptJsonFile } from '../../lib/keptFile';
import { DEFAULT_KYC_DAYS } from '../../../src/contract/constants';
import { DEFAULT_KYC_DAILY_ATTEMPTS } from '../../../src/contract/kyc';
import { DEFAULT_ANTI_ADDICTION, MAINTENANCE_IMAGE_ENTRY } from '../../../src/contract/site';
import { DEFAULT_SUPPORT_HOURS, HOURS_PATTERN } from '../../../src/contract/support';

/**
 * The operator's site settings, kept in `<dataDir>/site.json` (written with defaults at first start).
 * Edits to the file take effect on the next request; a file that does not validate is reported in the
 * log and the last good settings stay in force, so a typo never takes the site down.
 */
/** Which sports each video provider streams by default: Nami football, basketball and esports; Sportradar the ball sports and boxing; Saba every sport. */
const DEFAULT_VIDEO_SETTINGS = {
  priority: ['nami', 'sportradar', 'saba'] as ('nami' | 'sportradar' | 'saba')[],
  sports: { nami: ['1', '2', '43'], sportradar: ['1', '2', '4', '5', '8', '16'], saba: ['*'] },
};

const productSwitch = z.object({ productModule: z.string(), productType: z.string(), switch: z.boolean() });

export const siteSettingsSchema = z.object({
  pagcorVersion: z.boolean(),
  completeRegis: z.boolean(),
  gameList: z.number().int(),
  PHONE_BIND_SWITCH: z.array(productSwitch),
  GLIFE_APPLETS_SWITCH: z.array(productSwitch),
  kycDays: z.number().int().positive(),
  /**
   * Identity verification (issue 12): eKycSwitch chooses the vendor's eKYC flow; forceNewUserEkycSwitch
   * sends a new player to eKYC before anything else (spec §2); dailyAttempts is cankycTime's start.
   */
  kyc: z.object({
    eKycSwitch: z.boolean(),
    forceNewUserEkycSwitch: z.boolean(),
    dailyAttempts: z.number().int().positive(),
    /**
     * The operator's switch (issue 34): verified identity (an ID and a selfie) before any deposit, as the
     * regulator is reported to require. Off by default: the KYC days' grace of spec §5.
     */
    beforeFirstDeposit: z.boolean().default(false),
  }),
  /** The security prompt of spec §4: balance (centavos) above which a player without a withdrawal password or phone is asked to set them. */
  securityAmount: z.object({ game: z.number().int().nonnegative(), deposit: z.number().int().nonnegative() }),
  /** The sportsbook's own switches (saba/maintenanceStatus, saba/hongkongMarketStatus). */
  sportsbook: z.object({ maintenance: z.boolean(), hongKongMarketStopped: z.boolean() }),
  maintenance: z.object({
    on: z.boolean(),
    message: z.string(),
    endTime: z.iso.datetime({ offset: true }).nullable(),
    /** The image of banner entry APH5 shown on the maintenance page. */
    imageUrl: z.string(),
  }),
  /**
   * The casino (issue 13, server/modules/games): platforms closed for maintenance (listed, not
   * launchable), gray platforms (hidden from the public lists and launchable only by the gray users,
   * by loginName). A change changes the game lists' version.
   */
  games: z.object({
    maintenance: z.array(z.string()).default([]),
    grayPlatforms: z.array(z.string()).default([]),
    grayUsers: z.array(z.string()).default([]),
  }),
  /**
   * Match video (issue 37, server/modules/video): the providers in the order a match's sources are
   * tried, and the sports each one streams ('*': every sport). A provider whose platform code (NAMI,
   * SPORTRADAR, SABA) is in games.grayPlatforms is offered only to games.grayUsers.
   */
  video: z
    .object({
      priority: z.array(z.enum(['nami', 'sportradar', 'saba'])),
      sports: z.object({ nami: z.array(z.string()), sportradar: z.array(z.string()), saba: z.array(z.string()) }),
    })
    .default(() => DEFAULT_VIDEO_SETTINGS),
  /** Anti-addiction reminders per game category ('5' slots…), minutes of play between reminders, 0 = off (front/siteinfo). */
  antiAddiction: z.record(z.string(), z.object({ remindEveryMinutes: z.number().int().nonnegative() })),
  /**
   * The support desk (issue 37, server/modules/support): its business hours in Manila time; a player who
   * writes outside them gets the out-of-hours answer with the FAQ articles that may help.
   */
  support: z
    .object({
      hours: z.object({
        from: z.string().regex(HOURS_PATTERN),
        to: z.string().regex(HOURS_PATTERN),
        days: z.array(z.number().int().min(1).max(7)),
      }),
    })
    .default({ hours: DEFAULT_SUPPORT_HOURS }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  pagcorVersion: false,
  completeRegis: false,
  gameList: 1,
  PHONE_BIND_SWITCH: [{ productModule: 'H5', productType: 'AP', switch: false }],
  GLIFE_APPLETS_SWITCH: [
    { productModule: 'GLIFE', productType: 'deposit', switch: true },
    { productModule: 'GLIFE', productType: 'withdraw', switch: true },
  ],
  kycDays: DEFAULT_KYC_DAYS,
  kyc: { eKycSwitch: true, forceNewUserEkycSwitch: false, dailyAttempts: DEFAULT_KYC_DAILY_ATTEMPTS, beforeFirstDeposit: false },
  securityAmount: { game: 500_000, deposit: 500_000 },
  sportsbook: { maintenance: false, hongKongMarketStopped: false },
  maintenance: { on: false, message: '', endTime: null, imageUrl: `/maintenance/${MAINTENANCE_IMAGE_ENTRY.toLowerCase()}.svg` },
  games: { maintenance: [], grayPlatforms: [], grayUsers: [] },
  video: DEFAULT_VIDEO_SETTINGS,
  antiAddiction: DEFAULT_ANTI_ADDICTION,
  support: { hours: DEFAULT_SUPPORT_HOURS },
};

export interface SiteSettingsStore {
  read(): SiteSettings;
}

export function fileSiteSettings(dataDir: string, log: { error(obj: object, msg: string): void }): SiteSettingsStore {
  const read = keptJsonFile<SiteSettings>({
    file: join(dataDir, 'site.json'),
    seed: DEFAULT_SITE_SETTINGS,
    initial: DEFAULT_SITE_SETTINGS,
    parse: (raw) => siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(raw as object) }),
    what: 'site.json',
    log,
  });
  return { read };
}
