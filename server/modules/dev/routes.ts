import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { type DevFeedOptions, devFeed } from './feed';
import { devOutbox } from './outbox';
import { devVouchers } from './vouchers';
import type { VoucherService } from '../vouchers/service';

/**
 * The development routes (/dev/…): the messaging outbox, the realtime side's sockets and the feed
 * moved at once. buildApp registers them only when NODE_ENV is not production.
 */
export async function devRoutes(app: FastifyInstance, options: DevFeedOptions & { db: Database; vouchers: VoucherService }) {
  await app.register(devOutbox, { db: options.db });
  await app.register(devFeed, options);
  await app.register(devVouchers, { db: options.db, vouchers: options.vouchers });
}
