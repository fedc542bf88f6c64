import { randomInt } from 'node:crypto';
import { checkPaymongoSignature, paymongoSignature } from '../payments/signatures';
import type { SimulatorStore, StoredRecord } from '../payments/store';
import { PaymentProviderError, type Payout, type PayoutProvider, type WebhookVerifier } from '../payments/types';
import { RETRY_DELAYS_MS, type WebhookSender } from '../payments/webhooks';

/**
 * Cash-out at a partner store (withdraw/withdrawByAgent), simulated the way agent networks work: the
 * payout is a claim code the player shows the cashier; the cashier enters it and hands out the cash
 * (succeeded), or nobody comes within 72 hours and it lapses (failed, the money goes back). The final
 * status reaches us as a signed callback (HMAC-SHA256 over `t.<raw body>`, header x-agent-signature,
 * like PayMongo's), retried with backoff until we answer 2xx. Everything lives in the simulators' store;
 * tick(now) is the one step a shared job runs.
 */

/** How long a claim code stays good. */
export const CLAIM_WINDOW_MS = 72 * 3_600_000;
/** ₱10,000.00: what a store hands out at once (the withdrawal limits offer a split above it). */
export const AGENT_CASH_MAX = 1_000_000;

export interface AgentCashOutRecord {
  amount: number;
  reference: string;
  claimCode: string;
  status: 'ISSUED' | 'CLAIMED' | 'EXPIRED';
  createdAt: number;
  expiresAt: number;
  /** The callback of the final status, until we answered it 2xx. */
  callback: { attempts: number; delivered: boolean } | null;
}

export interface AgentCashOut extends PayoutProvider {
  /** The cashier enters a code (the dev-only /sim/agent page): hands out the cash once. */
  claim(claimCode: string, now?: number): Promise<{ result: 'claimed' | 'unknown' | 'expired' | 'already'; amount?: number }>;
  /** Codes waiting for a cashier (the dev page lists them). */
  waiting(now: number): Promise<{ claimCode: string; amount: number; expiresAt: number }[]>;
  /** Lapses codes past their window and delivers callbacks due at `now`. */
  tick(now: number): Promise<void>;
}

const PROVIDER = 'agent';
const idOf = (claimCode: string) => `agt_${claimCode}`;
const newClaimCode = () => Array.from({ length: 3 }, () => String(randomInt(0, 10_000)).padStart(4, '0')).join('');

const OUR_STATUS = { ISSUED: 'pending', CLAIMED: 'succeeded', EXPIRED: 'failed' } as const;

function view({ id, data }: StoredRecord<'agentCashOut'>): Payout {
  return {
    payoutId: id,
    reference: data.reference,
    amount: data.amount,
    // Cash over the counter: no interbank rail; 'instapay' stands for "as soon as it is claimed".
    rail: 'instapay',
    status: OUR_STATUS[data.status],
    providerStatus: data.status,
    ...(data.status === 'EXPIRED' ? { failureCode: 'UNCLAIMED' } : {}),
    expectedBy: data.expiresAt,
    claimCode: data.claimCode,
  };
}

export function agentCashOutSimulator(options: {
  store: SimulatorStore;
  clock: () => number;
  secret: string;
  send: WebhookSender;
}): AgentCashOut {
  const { store, clock, secret } = options;

  /** Settles a code and schedules its callback now (in the same store transaction). */
  async function settle(tx: SimulatorStore, record: StoredRecord<'agentCashOut'>, status: 'CLAIMED' | 'EXPIRED', now: number) {
    await tx.put('agentCashOut', {
      id: record.id,
      dueAt: now,
      data: { ...record.data, status, callback: { attempts: 0, delivered: false } },
    });
  }

  async function deliver(record: StoredRecord<'agentCashOut'>, now: number) {
    const { data } = record;
    const body = JSON.stringify({
      event: data.status === 'CLAIMED' ? 'cashout.claimed' : 'cashout.expired',
      data: { id: record.id, reference: data.reference, amount: data.amount, status: data.status, updated: new Date(now).toISOString() },
    });
    const headers = { 'x-agent-signature': paymongoSignature(body, secret, now) };
    const answer = await options.send({ provider: PROVIDER, headers, body }).catch(() => 0);
    const attempts = (data.callback?.attempts ?? 0) + 1;
    const ok = answer >= 200 && answer < 300;
    const gaveUp = !ok && attempts > RETRY_DELAYS_MS.length;
    await store.put('agentCashOut', {
      id: record.id,
      dueAt: ok || gaveUp ? null : now + RETRY_DELAYS_MS[attempts - 1]!,
      data: { ...data, callback: { attempts, delivered: ok } },
    });
  }

  return {
    provider: PROVIDER,

    async createPayout(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        throw new PaymentProviderError('INVALID_AMOUNT', 'The amount must be a whole number of centavos above zero.');
      }
      if (request.amount > AGENT_CASH_MAX)
        throw new PaymentProviderError('AMOUNT_ABOVE_LIMIT', 'A store hands out at most ₱10,000 at once.');
      const now = clock();
      const claimCode = newClaimCode();
      const { record, created } = await store.insert('agentCashOut', {
        id: idOf(claimCode),
        idempotencyKey: `agent:${request.idempotencyKey}`,
        dueAt: now + CLAIM_WINDOW_MS,
        data: {
          amount: request.amount,
          reference: request.reference,
          claimCode,
          status: 'ISSUED',
          createdAt: now,
          expiresAt: now + CLAIM_WINDOW_MS,
          callback: null,
        },
      });
      if (!created && (record.data.amount !== request.amount || record.data.reference !== request.reference)) {
        throw new PaymentProviderError('DUPLICATE_TRANSACTION', 'This idempotency key was used for another cash-out.');
      }
      return view(record);
    },

    async queryPayout(payoutId) {
      const record = await store.get('agentCashOut', payoutId);
      if (!record) throw new PaymentProviderError('NOT_FOUND', 'No such cash-out.');
      return view(record);
    },

    async claim(claimCode, now = clock()) {
      const code = claimCode.replace(/\D/g, '');
      return store.transaction(async (tx) => {
        const record = await tx.get('agentCashOut', idOf(code));
        if (!record) return { result: 'unknown' as const };
        if (record.data.status === 'CLAIMED') return { result: 'already' as const };
        if (record.data.status === 'EXPIRED' || record.data.expiresAt <= now) return { result: 'expired' as const };
        await settle(tx, record, 'CLAIMED', now);
        return { result: 'claimed' as const, amount: record.data.amount };
      });
    },

    async waiting(now) {
      const due = await store.due('agentCashOut', now + CLAIM_WINDOW_MS, 50);
      return due
        .filter((record) => record.data.status === 'ISSUED')
        .map(({ data }) => ({ claimCode: data.claimCode, amount: data.amount, expiresAt: data.expiresAt }));
    },

    async tick(now) {
      for (const due of await store.due('agentCashOut', now, 200)) {
        if (due.data.status === 'ISSUED') {
          await store.transaction(async (tx) => {
            const record = await tx.get('agentCashOut', due.id);
            if (record?.data.status === 'ISSUED' && record.data.expiresAt <= now) await settle(tx, record, 'EXPIRED', now);
          });
          continue;
        }
        if (due.data.callback && !due.data.callback.delivered) await deliver(due, now);
      }
    },
  };
}

/** Our side: the signature over the raw body first, then the body. */
export function agentCashOutVerifier(secret: string): WebhookVerifier {
  return {
    provider: PROVIDER,
    verify(headers, rawBody, now) {
      const check = checkPaymongoSignature(headers['x-agent-signature'], rawBody, secret, now);
      if (check !== 'ok') return { ok: false, reason: check };
      try {
        const { data } = JSON.parse(rawBody.toString());
        const status = data.status === 'CLAIMED' ? 'succeeded' : data.status === 'EXPIRED' ? 'failed' : undefined;
        if (!status || !Number.isSafeInteger(data.amount) || typeof data.id !== 'string') return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          event: {
            kind: 'payout',
            provider: PROVIDER,
            eventId: `${data.id}:${data.status}`,
            payoutId: data.id,
            reference: String(data.reference ?? ''),
            amount: data.amount,
            status,
            ...(status === 'failed' ? { failureCode: 'UNCLAIMED' } : {}),
            occurredAt: Date.parse(data.updated) || 0,
          },
        };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },
  };
}
