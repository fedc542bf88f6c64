import * as z from 'zod/mini';
import type { CashoutAcceptResponse, CashoutAutoResponse, CashoutQuote, CashoutQuoteResponse } from '../cashout';
import { centavos, isoTime } from './common';

/** The answers of the cash-out calls (issue 38). */

const quote: z.ZodMiniType<CashoutQuote> = z.strictObject({
  quoteId: z.string(),
  transId: z.string(),
  part: centavos,
  stake: centavos,
  value: centavos,
  expiresAt: isoTime,
  live: z.boolean(),
});

const not = z.strictObject({ status: z.enum(['paused', 'unavailable']), message: z.string() });

export const cashoutQuoteAnswer: z.ZodMiniType<CashoutQuoteResponse> = z.union([z.strictObject({ status: z.literal('ok'), quote }), not]);

export const cashoutAcceptAnswer: z.ZodMiniType<CashoutAcceptResponse> = z.union([
  z.strictObject({ status: z.literal('done'), transId: z.string(), value: centavos, remaining: centavos }),
  z.strictObject({ status: z.literal('moved'), quote, message: z.string() }),
  not,
]);

export const cashoutAutoAnswer: z.ZodMiniType<CashoutAutoResponse> = z.strictObject({
  transId: z.string(),
  threshold: z.nullable(centavos),
});
