import * as z from 'zod/mini';
import { STATISTICS_TYPES } from './constants';
import { EVENT_BATCH_MAX, EVENT_KINDS, FEATURE_EXPERIMENT } from './events';
import { ACQUISITION_PARAMS } from './storageKeys';

/**
 * Bodies and answers of the statistics, attribution and experiment calls (spec §7; issue 39), checked
 * by the server. Texts are tokens: a name, a route, a feature id, never free text a person typed, so
 * an event has no room for a phone number, a name or an e-mail address (the server also drops what
 * looks like one: events.ts looksPersonal).
 */

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
/** A name, a route, a feature or calendar id. */
const token = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/));
/** A path as events carry it (events.ts eventPath): no query. */
const path = z.string().check(z.regex(/^\/[A-Za-z0-9_.:~/-]{0,199}$/));
/** An acquisition parameter's value: printable, no spaces (affiliate click ids, zones, sub ids). */
const paramValue = z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/));
const epochMs = z.int().check(z.minimum(0));

const touch = z.strictObject({
  params: z.strictObject(
    Object.fromEntries(ACQUISITION_PARAMS.map((name) => [name, z.optional(paramValue)])) as Record<
      (typeof ACQUISITION_PARAMS)[number],
      z.ZodMiniOptional<typeof paramValue>
    >,
  ),
  at: epochMs,
  partner: z.union([z.literal(''), token]),
});
export const touchesSchema = z.strictObject({ first: z.nullable(touch), last: z.nullable(touch) });

const statType = z.union(STATISTICS_TYPES.map((type) => z.literal(type)));

export const pushFieldsSchema = z.strictObject({
  appsFlyerId: z.optional(token),
  eventName: token,
  eventType: z.optional(token),
  eventValue: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{0,64}$/))),
  bizType: z.optional(token),
});

/** One event of stat/batch (events.ts WireEvent). */
export const wireEventSchema = z.strictObject({
  id: uuid,
  at: epochMs,
  kind: z.enum(EVENT_KINDS),
  session: uuid,
  loggedIn: z.boolean(),
  name: z.optional(token),
  page: z.optional(path),
  route: z.optional(token),
  featureId: z.optional(token),
  calendarId: z.optional(token),
  statType: z.optional(statType),
  experiment: z.optional(token),
  group: z.optional(token),
  partner: z.optional(z.union([z.literal(''), token])),
  touches: z.optional(touchesSchema),
  push: z.optional(pushFieldsSchema),
});

/** stat/batch: the page's event module sends its queue in batches (with the player's analytics choice). */
export const eventBatchSchema = z.object({
  events: z.array(wireEventSchema).check(z.minLength(1), z.maxLength(EVENT_BATCH_MAX)),
  consent: z.enum(['unset', 'granted', 'denied']),
});

/** What one event of the spec's single calls may carry to be stored once (an id) and when it happened. */
const once = { id: z.optional(uuid), at: z.optional(epochMs) };

/** customer/pvUvStatistics (spec §7, §9 types 59, 60, 61). */
export const pvUvStatisticsSchema = z.object({
  type: statType,
  event: z.string().check(z.maxLength(64)),
  page: z.optional(z.string().check(z.maxLength(256))),
  featureId: z.optional(token),
  calendarId: z.optional(token),
  ...once,
});

/** stat/pvuv and saba/pvUvStatistics: a page view (the sports pages' on the betting prefix). */
export const pageViewSchema = z.object({ page: z.string().check(z.maxLength(256)), route: z.optional(token), ...once });

/** Batch exposure: features seen. */
export const batchExposureSchema = z.object({
  items: z
    .array(z.strictObject({ featureId: token, calendarId: z.optional(token), ...once }))
    .check(z.minLength(1), z.maxLength(EVENT_BATCH_MAX)),
});

/** Clicks: a feature tapped. */
export const clickSchema = z.object({ featureId: token, calendarId: z.optional(token), name: z.optional(token), ...once });

/**
 * /eventPush/push (spec §7, push prefix): an event for the tracking service. customer_user_id is
 * accepted and ignored: the player's id comes from the session, hashed, never from a body.
 */
export const eventPushSchema = z.object({
  appsFlyerId: z.optional(token),
  eventName: token,
  eventType: z.optional(token),
  eventValue: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{0,64}$/))),
  bizType: z.optional(token),
  platform: z.optional(z.string().check(z.maxLength(32))),
  container: z.optional(z.string().check(z.maxLength(32))),
  package: z.optional(z.string().check(z.maxLength(64))),
  customer_user_id: z.optional(z.string().check(z.maxLength(64))),
  ...once,
});

/**
 * compare/group/assign (spec §7): the device id built from screen size and client IP. A page does not
 * know its address: it sends the screen part alone ('390x844x3') and the server adds the address it sees.
 */
export const groupAssignSchema = z.object({
  deviceId: z.string().check(z.regex(/^\d{1,5}x\d{1,5}x[\d.]{1,5}(@[0-9A-Za-z.:]{2,45})?$/)),
  experiment: z.optional(z.literal(FEATURE_EXPERIMENT.name)),
});

/** What every statistics call answers: how many events were new, already stored, or not kept. */
export const statAnswer = z.strictObject({ accepted: z.int(), duplicates: z.int(), refused: z.int() });
export type StatAnswer = z.infer<typeof statAnswer>;

export const groupAnswer = z.strictObject({
  experiment: z.literal(FEATURE_EXPERIMENT.name),
  groupName: z.enum(FEATURE_EXPERIMENT.groups),
});
export type GroupAnswer = z.infer<typeof groupAnswer>;

export const attributionIdAnswer = z.strictObject({ appsFlyerId: token });
