import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, gte, isNotNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
import { agentCashIns } from '../../db/schema';
import { SIGNATURE_TOLERANCE_MS, type SignatureCheck } from '../payments/signatures';

/**
 * An agent network for cash-ins (like the payment centres and convenience stores of the Philippines):
 * the merchant registers a payment code for an amount, the player tells the code to a cashier, the
 * cashier takes the cash, and the network sends the merchant a callback signed with HMAC-SHA256 over the
 * raw body (X-Agent-Signature: t=<unix seconds>,v1=<hex>), retried with backoff until answered 2xx.
 *
 * This is the simulator (development and tests only): its records are in agent_cash_ins, and its
 * cashier's page is /sim/agent/cash-in (a plain form, no script, for the strict CSP).
 */

export const AGENT_SIGNATURE_HEADER = 'x-agent-signature';

export interface AgentCallback {
  event: 'payment.paid';
  paymentId: string;
  reference: string;
  amount: number;
  paidAt: string;
  store: string;
}

const digest = (secret: string, t: string, raw: string) => createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');

export function signAgentCallback(raw: string, secret: string, nowMs: number): string {
  const t = String(Math.floor(nowMs / 1000));
  return `t=${t},v1=${digest(secret, t, raw)}`;
}

export function checkAgentSignature(header: string | undefined, raw: string, secret: string, nowMs: number): SignatureCheck {
  if (!header) return 'no-signature';
  const fields = new Map(header.split(',').map((part) => part.split('=', 2).map((s) => s.trim()) as [string, string]));
  const t = fields.get('t');
  const v1 = fields.get('v1');
  if (!t || !v1 || !/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'no-signature';
  if (!timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(digest(secret, t, raw), 'hex'))) return 'bad-signature';
  return Math.abs(nowMs - Number(t) * 1000) > SIGNATURE_TOLERANCE_MS ? 'stale' : 'ok';
}

/** Sends a callback to the merchant; answers the HTTP status (0 for no answer). */
export type AgentCallbackSender = (request: { headers: Record<string, string>; body: string }) => Promise<number>;

/** Wait after the 1st, 2nd… failed callback: 30 s doubling, up to 8 attempts. */
const RETRY_MS = [30, 60, 120, 240, 480, 960, 1920].map((s) => s * 1000);

export type CashInRecord = typeof agentCashIns.$inferSelect;

export interface AgentNetwork {
  /** Registers a payment code for our order; answers the code the player tells the cashier. */
  createPayment(request: { reference: string; amount: number; expiresAt: Date }): Promise<{ paymentId: string; code: string }>;
  find(code: string): Promise<CashInRecord | undefined>;
  /** The cashier took the cash: the code is paid and the callback goes out (now, and again until answered). */
  takeCash(code: string, store: string, now: number): Promise<{ ok: true; record: CashInRecord } | { ok: false; message: string }>;
  /** Sends the callback of a paid payment once more (networks repeat them; tests use this). */
  resend(paymentId: string, now: number): Promise<number>;
  /** Callbacks due at `now` (retries), for the job runner. */
  deliverDue(now: number): Promise<number>;
  /** Every payment the network recorded, for reconciliation. */
  records(since: Date): Promise<CashInRecord[]>;
}

/** 10 digits, shown as 123 456 7890: what a cashier types on a keypad. */
const newCode = () => String(randomInt(1_000_000_000, 10_000_000_000));

export function agentNetworkSimulator(options: { db: Queryable; secret: string; send: AgentCallbackSender }): AgentNetwork {
  const { db, secret, send } = options;

  const callbackOf = (record: CashInRecord): string =>
    JSON.stringify({
      event: 'payment.paid',
      paymentId: record.paymentId,
      reference: record.reference,
      amount: record.amount,
      paidAt: record.paidAt!.toISOString(),
      store: record.store ?? '',
    } satisfies AgentCallback);

  async function deliver(record: CashInRecord, now: number): Promise<number> {
    const body = callbackOf(record);
    const status = await send({ headers: { [AGENT_SIGNATURE_HEADER]: signAgentCallback(body, secret, now) }, body }).catch(() => 0);
    const attempts = record.callbackAttempts + 1;
    const answered = status >= 200 && status < 300;
    const retryIn = RETRY_MS[attempts - 1];
    await db
      .update(agentCashIns)
      .set({ callbackAttempts: attempts, callbackDueAt: answered || retryIn === undefined ? null : new Date(now + retryIn) })
      .where(eq(agentCashIns.paymentId, record.paymentId));
    return status;
  }

  return {
    async createPayment({ reference, amount, expiresAt }) {
      for (let attempt = 0; ; attempt++) {
        const row = { paymentId: `cp_${randomBytes(12).toString('hex')}`, code: newCode(), reference, amount, expiresAt };
        const inserted = await db.insert(agentCashIns).values(row).onConflictDoNothing().returning();
        if (inserted[0]) return { paymentId: row.paymentId, code: row.code };
        const existing = await db.select().from(agentCashIns).where(eq(agentCashIns.reference, reference));
        if (existing[0]) return { paymentId: existing[0].paymentId, code: existing[0].code };
        if (attempt > 5) throw new Error('agent network: no free payment code');
      }
    },
    async find(code) {
      const [row] = await db
        .select()
        .from(agentCashIns)
        .where(eq(agentCashIns.code, code.replace(/\D/g, '')));
      return row;
    },
    async takeCash(code, store, now) {
      const [paid] = await db
        .update(agentCashIns)
        .set({ status: 'paid', paidAt: new Date(now), store, callbackDueAt: new Date(now) })
        .where(
          and(
            eq(agentCashIns.code, code.replace(/\D/g, '')),
            eq(agentCashIns.status, 'awaiting'),
            gt(agentCashIns.expiresAt, new Date(now)),
          ),
        )
        .returning();
      if (!paid) {
        const record = await this.find(code);
        const message = !record
          ? 'No payment has this code.'
          : record.status === 'paid'
            ? 'This code is already paid.'
            : 'This code has expired. The player must create a new one.';
        return { ok: false, message };
      }
      await deliver(paid, now);
      return { ok: true, record: paid };
    },
    async resend(paymentId, now) {
      const [record] = await db.select().from(agentCashIns).where(eq(agentCashIns.paymentId, paymentId));
      if (!record || record.status !== 'paid') return 0;
      return deliver(record, now);
    },
    async deliverDue(now) {
      const due = await db
        .select()
        .from(agentCashIns)
        .where(and(isNotNull(agentCashIns.callbackDueAt), lte(agentCashIns.callbackDueAt, new Date(now))))
        .orderBy(asc(agentCashIns.callbackDueAt))
        .limit(50);
      for (const record of due) await deliver(record, now);
      return due.length;
    },
    async records(since) {
      return db.select().from(agentCashIns).where(gte(agentCashIns.createdAt, since)).orderBy(asc(agentCashIns.createdAt)).limit(10_000);
    },
  };
}

const PAGE_CSS_PATH = '/sim/agent/cash-in.css';
const PAGE_CSS = `body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#fff4e0;color:#2a1d0a}
main{max-width:420px;margin:0 auto;padding:24px 16px;display:flex;flex-direction:column;gap:12px}
.brand{font-weight:700;font-size:20px}.tag{font-size:12px;background:#ffd36b;border-radius:4px;padding:2px 6px;margin-left:6px}
form{display:flex;flex-direction:column;gap:10px}label{display:flex;flex-direction:column;gap:4px}
input,button{font:inherit;padding:12px;border-radius:10px;border:1px solid #d9b778;min-height:48px}
button{background:#c2410c;color:#fff;font-weight:700;border:0}.amount{font-size:32px;font-weight:700;margin:0}.note{background:#fff;border-radius:10px;padding:12px}`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const pesos = (centavos: number) => `₱${Math.floor(centavos / 100).toLocaleString('en-PH')}.${String(centavos % 100).padStart(2, '0')}`;
const page = (content: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Agent cash-in · Simulator</title><link rel="stylesheet" href="${PAGE_CSS_PATH}"></head><body><main><p class="brand">Cash-in counter<span class="tag">Simulator</span></p>${content}</main></body></html>`;

const CODE_FORM = `<form method="post" action="/sim/agent/cash-in"><label>Payment code<input name="code" inputmode="numeric" autocomplete="off" required></label>
<label>Store<input name="store" value="Sari-sari Store 001"></label><button type="submit" name="action" value="lookup">Look up</button></form>`;

/**
 * The cashier's page of the simulated agent network: enter the code, see the amount, take the cash.
 * Registered outside production only.
 */
export async function agentCashInPages(app: FastifyInstance, options: { network: AgentNetwork; clock: () => number }) {
  const { network, clock } = options;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) =>
      done(null, body),
    );
  }
  const html = (status: number, content: string) => ({ status, content: page(content) });
  app.get(PAGE_CSS_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(PAGE_CSS),
  );
  app.get('/sim/agent/cash-in', async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(`<h1>Take a cash payment</h1>${CODE_FORM}`)),
  );
  app.post('/sim/agent/cash-in', async (request, reply) => {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const code = (form.get('code') ?? '').replace(/\D/g, '');
    const store = (form.get('store') ?? '').trim().slice(0, 80) || 'Store';
    const action = form.get('action');
    let answer: { status: number; content: string };
    const record = code ? await network.find(code) : undefined;
    if (!record) answer = html(404, `<p class="note">No payment has this code.</p>${CODE_FORM}`);
    else if (action === 'pay') {
      const taken = await network.takeCash(code, store, clock());
      answer = taken.ok
        ? html(
            200,
            `<h1>Paid</h1><p class="amount">${pesos(taken.record.amount)}</p><p class="note">Give the player the receipt. Reference ${escape(taken.record.reference)}.</p><a href="/sim/agent/cash-in">Next payment</a>`,
          )
        : html(409, `<p class="note">${escape(taken.message)}</p>${CODE_FORM}`);
    } else if (record.status !== 'awaiting' || record.expiresAt.getTime() <= clock()) {
      answer = html(
        409,
        `<p class="note">${record.status === 'paid' ? 'This code is already paid.' : 'This code has expired.'}</p>${CODE_FORM}`,
      );
    } else {
      answer = html(
        200,
        `<h1>Collect</h1><p class="amount">${pesos(record.amount)}</p><p>For Panalo, reference ${escape(record.reference)}.</p>
<form method="post" action="/sim/agent/cash-in"><input type="hidden" name="code" value="${escape(code)}"><input type="hidden" name="store" value="${escape(store)}">
<button type="submit" name="action" value="pay">Cash received: ${pesos(record.amount)}</button></form>`,
      );
    }
    return reply.status(answer.status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(answer.content);
  });
}
