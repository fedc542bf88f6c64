import { Attempt } from '../../api/attempt';
import { api } from '../../api/instance';
import { type CashoutAcceptResponse, type CashoutAutoResponse, type CashoutQuoteResponse, CashoutCall } from '../../contract/cashout';

/** The cash-out calls (issue 38): a quote for all or part of a ticket, accepting it, the auto threshold. */

export const cashoutQuote = (transId: string, part?: number) =>
  api.call<CashoutQuoteResponse>('tp', CashoutCall.quote, { transId, ...(part !== undefined ? { part } : {}) });

const acceptAttempt = new Attempt();

/** Accepts a quote: once however often it is pressed (the same quote keeps its idempotency key until answered). */
export const cashoutAccept = (quoteId: string) =>
  acceptAttempt.send({ quoteId }, (idempotencyKey) =>
    api.call<CashoutAcceptResponse>('tp', CashoutCall.accept, { quoteId }, { idempotencyKey }),
  );

export const cashoutAuto = (transId: string, threshold: number | null) =>
  api.call<CashoutAutoResponse>('tp', CashoutCall.auto, { transId, threshold });
