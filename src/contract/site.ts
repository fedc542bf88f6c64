import * as z from 'zod/mini';
import { GameCategory } from './gameConstants';

export * from './siteConstants';

/**
 * Site information (spec §3 siteInfo) and site maintenance, as `front/siteinfo` and
 * `front/siteMaintenance` answer them.
 */

/** Anti-addiction settings per category (spec §3), site setting `antiAddiction`: remind every N minutes of play; 0 = off. */
export const antiAddictionSchema = z.record(z.string(), z.strictObject({ remindEveryMinutes: z.int().check(z.minimum(0)) }));

/** A product switch entry (GLIFE_APPLETS_SWITCH, PHONE_BIND_SWITCH). */
export const productSwitchSchema = z.object({
  productModule: z.string(),
  productType: z.string(),
  switch: z.boolean(),
});
export type ProductSwitch = z.infer<typeof productSwitchSchema>;

export const siteInfoSchema = z.object({
  /** The regulator-compliant version is active: pages flagged hiddenUnderPagcor are not reachable. */
  pagcorVersion: z.boolean(),
  /** Registration asks for the complete profile at sign-up. */
  completeRegis: z.boolean(),
  /** Game-list layout setting; 5 makes the games page the landing page for login-required routes. */
  gameList: z.number(),
  /** The caller's address as the server sees it. */
  clientIp: z.string(),
  PHONE_BIND_SWITCH: z.array(productSwitchSchema),
  GLIFE_APPLETS_SWITCH: z.array(productSwitchSchema),
  /** Days a new player has to complete KYC. */
  kycDays: z.number(),
  /** The security prompt's thresholds (spec §4), in centavos: the balance after a game or a deposit above which it asks. */
  securityAmount: z.object({ game: z.number(), deposit: z.number() }),
  /**
   * Anti-addiction reminders per game category (spec §3), keyed by the category number ('5' slots…):
   * remind every N minutes of play, 0 = off. Absent only in an answer cached before it existed.
   */
  antiAddiction: z.optional(antiAddictionSchema),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const siteMaintenanceSchema = z.object({
  maintenance: z.boolean(),
  /** What the operator tells players, shown under the image. */
  message: z.string(),
  /** When maintenance is planned to end (ISO 8601), if known. */
  endTime: z.nullable(z.string()),
  entries: z.array(z.object({ code: z.string(), imageUrl: z.string() })),
});
export type SiteMaintenance = z.infer<typeof siteMaintenanceSchema>;

/** The anti-addiction reminders a site starts with: every hour of play, in every category. */
export const DEFAULT_ANTI_ADDICTION: z.infer<typeof antiAddictionSchema> = Object.fromEntries(
  Object.values(GameCategory).map((category) => [String(category), { remindEveryMinutes: 60 }]),
);
