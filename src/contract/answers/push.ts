import * as z from 'zod/mini';
import type { PushSettings } from '../pushKinds';

/** The answers of the Web Push calls (issue 38). */

export const pushKeyAnswer = z.strictObject({ publicKey: z.string() });

const kinds: z.ZodMiniType<PushSettings> = z.strictObject({
  betSettled: z.boolean(),
  cashout: z.boolean(),
  withdrawal: z.boolean(),
  kyc: z.boolean(),
  depositLimit: z.boolean(),
});

export const pushSettingsAnswer = z.strictObject({ kinds, subscriptions: z.int() });
export type PushSettingsAnswer = z.infer<typeof pushSettingsAnswer>;
