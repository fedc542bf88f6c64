import * as z from 'zod/mini';
import { PUSH_KINDS, PUSH_LANGS } from './pushKinds';

/** Web Push calls' bodies (issue 38); the names, kinds and payload are in pushKinds.ts (zod-free). */
export * from './pushKinds';

const base64url = (max: number) => z.string().check(z.minLength(8), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+=*$/));

/** A PushSubscription's JSON (endpoint and keys), plus the language its notifications are written in. */
export const pushSubscribeBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).check(z.maxLength(1000)),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  lang: z.optional(z.enum(PUSH_LANGS)),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(1000)) });

export const pushSaveSettingsBody = z.object({
  kinds: z.partialRecord(z.enum(PUSH_KINDS), z.boolean()),
});
export type PushSaveSettingsBody = z.infer<typeof pushSaveSettingsBody>;
