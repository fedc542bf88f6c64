import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredCodes } from './repository';
import { type BookingRouteOptions, bookingRoutes } from './routes';
import { BookingService } from './service';

/**
 * Booking codes (issue 38): a player's slip shared as a short code, a link and a QR code; whoever opens
 * it gets the selections re-priced from the feed. The codes live in the database (booking_codes), so
 * any instance answers any code; a shared job deletes them a day after they expire.
 */
export type BookingModuleOptions = Omit<BookingRouteOptions, 'service'>;

declare module 'fastify' {
  interface FastifyInstance {
    booking: BookingService;
  }
}

const SWEEP_EVERY_MS = 60 * 60_000;
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

export const booking = fp<BookingModuleOptions>(
  async (app: FastifyInstance, options) => {
    const db = app.database.db;
    const service = new BookingService({ db, feed: app.feed });
    app.decorate('booking', service);
    await app.register(bookingRoutes, { ...options, service });
    app.jobs.add('booking-code-sweep', SWEEP_EVERY_MS, () => deleteExpiredCodes(db, KEEP_EXPIRED_MS));
  },
  { name: 'booking', dependencies: ['core', 'contract', 'jobs', 'feed'] },
);
