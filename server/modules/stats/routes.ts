import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_ID, APP_VERSION } from '../../../src/contract/constants';
import { MAIN_SUCCESS_CODE, makeEnvelope } from '../../../src/contract/envelopes';
import { GatewayCode } from '../../../src/contract/errorCodes';
import * as z from 'zod/mini';
import { type EventKind, FEATURE_EXPERIMENT, type WireEvent, eventPath } from '../../../src/contract/events';
import {
  attributionIdAnswer,
  batchExposureSchema,
  clickSchema,
  eventBatchSchema,
  eventPushSchema,
  groupAnswer,
  groupAssignSchema,
  pageViewSchema,
  pvUvStatisticsSchema,
  statAnswer,
} from '../../../src/contract/eventSchemas';
import { HEADER, computeSign, signsEqual } from '../../../src/contract/sign';
import { CallError } from '../../lib/errors';
import { controlCharacterAt } from '../../lib/text';
import { MAX_BODY_DEPTH, type Session, type SessionResolver, jsonDepthExceeds } from '../../plugins/contract';
import type { Sender } from './model';
import type { PushContext, StatsService } from './service';

/** A server-made event belongs to no page session. */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';
/** The beacon's body: the batch's text and the contract headers it was signed with (a beacon sends no headers). */
const BEACON_LIMIT_BYTES = 262_144;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A free text of the spec's single calls as an event name: a token, or nothing. */
function tokenOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const cleaned = text.replace(/[^A-Za-z0-9_.:-]+/g, '_').slice(0, 64);
  return cleaned.replace(/_/g, '') === '' ? undefined : cleaned;
}

/** A page of the spec's single calls as events carry it (a path, its query gone), or nothing. */
function pageOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const path = eventPath(text.startsWith('/') ? text : `/${text}`);
  return /^\/[A-Za-z0-9_.:~/-]{0,199}$/.test(path) ? path : undefined;
}

/**
 * The statistics, attribution and experiment calls of spec §7 (issue 39):
 * - `stat/batch` (main): the page's event module sends its queue in batches; `POST /api/main/stat/beacon`
 *   takes the same batch from `navigator.sendBeacon` when the page is hidden (a beacon carries no
 *   headers, so the signed headers travel in its body and are checked the same way);
 * - the spec's single calls: `customer/pvUvStatistics` (types 59, 60, 61), `stat/pvuv`,
 *   `saba/pvUvStatistics` (betting prefix), batch exposure (`stat/batchExposure`), clicks (`stat/click`),
 *   `/eventPush/push` (push prefix) and the attribution id (`eventPush/attributionId`);
 * - `compare/group/assign`: the A/B/C group of a device id.
 * Every call is public (a visitor's events count too): the player, when there is one, comes from the
 * session, never from a body.
 */
export async function statsRoutes(app: FastifyInstance, options: { service: StatsService; appKey: string; sessions: SessionResolver }) {
  const { service } = options;

  const senderOf = (request: FastifyRequest, session: Session | undefined, consent: Sender['consent']): Sender => ({
    customerId: session?.customerId ?? null,
    visitor: service.visitorOf(header(request, HEADER.deviceId)),
    consent,
  });
  const pushContextOf = (request: FastifyRequest): PushContext => ({
    platform: header(request, HEADER.platform),
    container: header(request, HEADER.container),
    package: header(request, HEADER.package),
  });

  /** One event of a single call: stored once when the caller gives an id, else a new one. */
  const single = (
    kind: EventKind,
    fields: Omit<WireEvent, 'id' | 'at' | 'kind' | 'session' | 'loggedIn'>,
    once: { id?: string | undefined; at?: number | undefined },
    session: Session | undefined,
  ): WireEvent => ({
    id: once.id ?? randomUUID(),
    at: once.at ?? Date.now(),
    kind,
    session: NO_SESSION,
    loggedIn: Boolean(session?.customerId),
    ...fields,
  });

  // The spec's single calls are analytics a client sends when its player allowed them (ours batches).
  const analytics = (request: FastifyRequest, session: Session | undefined) => senderOf(request, session, 'granted');

  app.call({
    prefix: 'main',
    name: 'stat/batch',
    auth: 'public',
    body: eventBatchSchema,
    answer: statAnswer,
    handler: ({ body, request, session }) => service.ingest(body.events, senderOf(request, session, body.consent), pushContextOf(request)),
  });

  app.call({
    prefix: 'main',
    name: 'customer/pvUvStatistics',
    auth: 'public',
    body: pvUvStatisticsSchema,
    answer: statAnswer,
    handler: ({ body, request, session }) =>
      service.ingest(
        [
          single(
            'statistic',
            {
              statType: body.type,
              name: tokenOf(body.event) ?? 'statistic',
              page: pageOf(body.page),
              featureId: body.featureId,
              calendarId: body.calendarId,
            },
            body,
            session,
          ),
        ],
        analytics(request, session),
      ),
  });

  for (const [prefix, name] of [
    ['main', 'stat/pvuv'],
    ['tp', 'saba/pvUvStatistics'],
  ] as const) {
    app.call({
      prefix,
      name,
      auth: 'public',
      body: pageViewSchema,
      answer: statAnswer,
      handler: ({ body, request, session }) =>
        service.ingest([single('pageView', { page: pageOf(body.page), route: body.route }, body, session)], analytics(request, session)),
    });
  }

  app.call({
    prefix: 'main',
    name: 'stat/batchExposure',
    auth: 'public',
    body: batchExposureSchema,
    answer: statAnswer,
    handler: ({ body, request, session }) =>
      service.ingest(
        body.items.map((item) =>
          single('exposure', { featureId: item.featureId, calendarId: item.calendarId, statType: 60 }, item, session),
        ),
        analytics(request, session),
      ),
  });

  app.call({
    prefix: 'main',
    name: 'stat/click',
    auth: 'public',
    body: clickSchema,
    answer: statAnswer,
    handler: ({ body, request, session }) =>
      service.ingest(
        [single('click', { featureId: body.featureId, calendarId: body.calendarId, name: body.name, statType: 61 }, body, session)],
        analytics(request, session),
      ),
  });

  app.call({
    prefix: 'push',
    name: 'eventPush/push',
    auth: 'public',
    body: eventPushSchema,
    answer: statAnswer,
    handler: ({ body, request, session }) =>
      service.ingest(
        [
          single(
            'push',
            {
              name: body.eventName,
              // customer_user_id is never read: the player's id comes from the session, hashed.
              push: {
                eventName: body.eventName,
                appsFlyerId: body.appsFlyerId,
                eventType: body.eventType,
                eventValue: body.eventValue,
                bizType: body.bizType,
              },
            },
            body,
            session,
          ),
        ],
        analytics(request, session),
        { platform: body.platform ?? header(request, HEADER.platform), container: body.container, package: body.package },
      ),
  });

  app.call({
    prefix: 'push',
    name: 'eventPush/attributionId',
    auth: 'public',
    body: z.object({}),
    answer: attributionIdAnswer,
    handler: async ({ request }) => {
      try {
        return { appsFlyerId: await service.attributionId(header(request, HEADER.deviceId)) };
      } catch (error) {
        request.log.info({ err: error }, 'stats: no attribution id now');
        throw new CallError(GatewayCode.TrackingUnavailable, 'The tracking service is not available right now.', 503);
      }
    },
  });

  app.call({
    prefix: 'main',
    name: 'compare/group/assign',
    auth: 'public',
    body: groupAssignSchema,
    answer: groupAnswer,
    handler: async ({ body, request }) => ({
      experiment: FEATURE_EXPERIMENT.name,
      // The screen part alone: the device id is completed with the address the server sees.
      groupName: await service.assign(
        body.deviceId.includes('@') ? body.deviceId : `${body.deviceId}@${request.ip}`,
        body.experiment ?? FEATURE_EXPERIMENT.name,
      ),
    }),
  });

  /**
   * The beacon: `navigator.sendBeacon` as the page is hidden sends the batch with no headers, so its
   * body carries the batch's exact text and the contract headers that signed it. The Sign is checked
   * over that text exactly as the contract checks a call's, the session read from its token, and the
   * batch validated with stat/batch's own schema. Rate limited per address with every /api/ route.
   */
  app.post('/api/main/stat/beacon', { bodyLimit: BEACON_LIMIT_BYTES }, async (request, reply) => {
    const refuse = (message: string, code: string = GatewayCode.InvalidRequest): never => {
      throw new CallError(code, message, 400);
    };
    const text = typeof request.body === 'string' ? request.body : request.rawBody;
    if (typeof text !== 'string' || jsonDepthExceeds(text, MAX_BODY_DEPTH)) return refuse('The request is not valid.');
    let outer: unknown;
    try {
      outer = JSON.parse(text);
    } catch {
      return refuse('The request body is not valid JSON.');
    }
    const envelope = outer as { headers?: Record<string, unknown>; body?: unknown };
    const headers = envelope.headers;
    if (typeof envelope.body !== 'string' || typeof headers !== 'object' || headers === null) return refuse('The request is not valid.');
    const field = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : '');
    const sign = field(HEADER.sign);
    const expected = computeSign(options.appKey, {
      body: envelope.body,
      qid: field(HEADER.qid),
      appId: APP_ID,
      version: APP_VERSION,
      token: field(HEADER.token),
    });
    if (!/^[0-9a-f]{64}$/.test(sign) || field(HEADER.appId) !== APP_ID || !signsEqual(sign, expected)) {
      return refuse('The request signature does not match. Please refresh the page and try again.', GatewayCode.BadSign);
    }
    let session: Session | undefined;
    if (field(HEADER.token)) session = await options.sessions.resolve(field(HEADER.token)).catch(() => undefined);
    if (jsonDepthExceeds(envelope.body, MAX_BODY_DEPTH)) return refuse('The request is not valid.');
    let inner: unknown;
    try {
      inner = JSON.parse(envelope.body);
    } catch {
      return refuse('The request body is not valid JSON.');
    }
    if (controlCharacterAt(inner) !== undefined) return refuse('The request is not valid.');
    const result = await eventBatchSchema['~standard'].validate(inner);
    if (result.issues) return refuse('The request is not valid.');
    const deviceId = field(HEADER.deviceId);
    const sender: Sender = {
      customerId: session?.customerId ?? null,
      visitor: service.visitorOf(deviceId || undefined),
      consent: result.value.consent,
    };
    const answer = await service.ingest(result.value.events, sender, {
      platform: field(HEADER.platform) || undefined,
      container: field(HEADER.container) || undefined,
      package: field(HEADER.package) || undefined,
    });
    return reply.send(makeEnvelope('main', MAIN_SUCCESS_CODE, 'success', answer));
  });
}
