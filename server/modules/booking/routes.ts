import type { FastifyInstance } from 'fastify';
import { bookingCreateAnswer, bookingLoadAnswer } from '../../../src/contract/answers/booking';
import { BookingCall, BookingMessage, bookingCreateBody, bookingLoadBody } from '../../../src/contract/booking';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { CallError } from '../../lib/errors';
import type { BookingService } from './service';

export interface BookingRouteOptions {
  service: BookingService;
  /** Codes one player may make in `window` (default 20 in 10 minutes): a friend's slip, not a code farm. */
  codesPerWindow?: number;
  window?: string;
  /** Loads per address per minute (default 60): enough to retype a code, too few to walk the code space. */
  loadsPerMinute?: number;
}

/** booking/create (a player's slip shared) and booking/load (anyone opening a code). */
export async function bookingRoutes(app: FastifyInstance, options: BookingRouteOptions) {
  const { service } = options;
  const creations = app.createRateLimit({
    max: options.codesPerWindow ?? 20,
    timeWindow: options.window ?? '10 minutes',
    keyGenerator: (request) => `booking-codes:${request.session?.customerId ?? ''}`,
  });

  app.call({
    prefix: 'tp',
    name: BookingCall.create,
    auth: 'player',
    body: bookingCreateBody,
    answer: bookingCreateAnswer,
    handler: async ({ body, customerId, request }) => {
      const counted = await creations(request);
      if (!counted.isAllowed && counted.isExceeded) throw new CallError(GatewayCode.TooManyRequests, BookingMessage.tooMany, 429);
      return service.create(customerId, body.selections);
    },
  });

  app.call({
    prefix: 'tp',
    name: BookingCall.load,
    auth: 'public',
    body: bookingLoadBody,
    answer: bookingLoadAnswer,
    rateLimit: { max: options.loadsPerMinute ?? 60, timeWindow: '1 minute' },
    handler: ({ body }) => service.load(body.code),
  });
}
