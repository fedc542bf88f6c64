import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validCity } from '../../../src/contract/placesData';
import type { Queryable } from '../../db';
import { atRestCipher } from '../../lib/security';
import { playerState } from './repository';
import { deleteExpiredImages } from './retention';
import { kycRoutes } from './routes';
import { KycService, type Places } from './service';
import { isApproved } from './status';
import { kycWebhookRoute } from './webhookRoutes';
import { KycReviewInbox } from './webhooks';

/**
 * Identity verification (issue 12): the calls, the deadline and face-check rules of bets, deposits and
 * withdrawals (call requirements), the vendor's review webhooks through their inbox, and the images'
 * retention job. The vendor is app.kycVendor (server/providers/kyc).
 */
export interface KycModuleOptions {
  /** The PSGC places the form's province and city must name (default: src/contract/placesData). */
  places?: Places;
}

declare module 'fastify' {
  interface FastifyInstance {
    kyc: KycService;
  }
}

export { KYC_REQUIRED_MESSAGE, TOO_MANY_PHOTOS, type KycService } from './service';

/** Whether a player's identity is verified, read on the caller's connection (responsible gaming's gate, in its transaction). */
export async function identityVerified(db: Queryable, customerId: number): Promise<boolean> {
  return isApproved((await playerState(db, customerId)).state);
}

export const kyc = fp<KycModuleOptions>(
  async (app: FastifyInstance, options) => {
    const { config, clock } = app;
    const db = app.database.db;
    const cipher = atRestCipher(config.secrets.rsaPrivateKey, 'kyc');
    const vendor = app.kycVendor.vendor;
    const service = new KycService({
      db,
      events: app.playerEvents,
      vendor,
      settings: app.site.settings,
      config: config.kyc,
      cipher,
      places: options.places ?? { validCity },
      sms: app.sms,
      clock,
      log: app.log,
      // Identity verified: the restricted-persons check with the verified name, birthday and ID (issue 34).
      onApproved: async (customerId) => {
        const identity = await service.identityOf(customerId);
        if (identity) await app.responsibleGaming.verified(customerId, identity);
      },
    });
    app.decorate('kyc', service);
    await app.register(kycRoutes, { db, service, sessions: app.sessions.resolver, cipher });
    const inbox = new KycReviewInbox(db, app.log, (customerId, decision, reason) => service.tell(customerId, decision, reason));
    await app.register(kycWebhookRoute, { inbox, vendor });
    app.jobs.add('kyc-review-inbox', 30_000, (now) => inbox.retryUnhandled(now));
    app.jobs.add('kyc-image-retention', 3_600_000, (now) => deleteExpiredImages(db, now, config.kyc));
  },
  { name: 'kyc', dependencies: ['core', 'jobs', 'contract', 'sessions', 'site', 'messaging', 'kyc-vendor', 'responsible-gaming'] },
);
