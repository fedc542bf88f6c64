import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { pushKeyAnswer, pushSettingsAnswer } from '../../../src/contract/answers/push';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { PushCall, pushSaveSettingsBody, pushSubscribeBody, pushUnsubscribeBody } from '../../../src/contract/push';
import { nothing } from '../../../src/contract/answers/common';
import { CallError } from '../../lib/errors';
import type { PushService } from './service';

export interface PushRouteOptions {
  service: PushService;
}

/** The Web Push calls (push prefix): the VAPID key, subscribe, unsubscribe, the per-kind switches. */
export async function pushRoutes(app: FastifyInstance, options: PushRouteOptions) {
  const { service } = options;

  app.call({
    prefix: 'push',
    name: PushCall.key,
    auth: 'public',
    body: z.object({}),
    answer: pushKeyAnswer,
    handler: () => ({ publicKey: service.publicKey }),
  });

  app.call({
    prefix: 'push',
    name: PushCall.subscribe,
    auth: 'player',
    body: pushSubscribeBody,
    answer: nothing,
    rateLimit: { max: 20, timeWindow: '1 minute' },
    handler: async ({ body, customerId }) => {
      if (!service.allowed(body.endpoint)) {
        throw new CallError(GatewayCode.InvalidRequest, 'This browser’s push service is not one we can send to.', 400);
      }
      await service.subscribe(customerId, body);
      return null;
    },
  });

  app.call({
    prefix: 'push',
    name: PushCall.unsubscribe,
    auth: 'player',
    body: pushUnsubscribeBody,
    answer: nothing,
    handler: async ({ body, customerId }) => {
      await service.unsubscribe(customerId, body.endpoint);
      return null;
    },
  });

  app.call({
    prefix: 'push',
    name: PushCall.settings,
    auth: 'player',
    body: z.object({}),
    answer: pushSettingsAnswer,
    handler: ({ customerId }) => service.settings(customerId),
  });

  app.call({
    prefix: 'push',
    name: PushCall.saveSettings,
    auth: 'player',
    body: pushSaveSettingsBody,
    answer: pushSettingsAnswer,
    handler: ({ body, customerId }) => service.saveSettings(customerId, body.kinds),
  });
}
