import type { FastifyInstance } from 'fastify';
import { normalizePhone } from '../../../src/contract/people';
import type { Database } from '../../db';
import { findByPhone } from '../auth';
import { latestVouchers } from '../vouchers';
import { type VoucherService, maskCode } from '../vouchers';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, pesos, sendPage } from './html';

/**
 * /dev/vouchers: the operator issues deposit vouchers, promo vouchers and gift cards (a gift card for
 * one player, named by phone), sees each new code once, and the latest vouchers masked. Development
 * only; on start it also issues the demo codes below (never in production: this plugin is not there).
 */
export const DEMO_VOUCHERS = {
  /** ₱100 promo voucher, once per player, 10,000 players. */
  promo: 'PANALO-DEMO-0100',
  /** ₱500 deposit voucher, 10,000 uses, once per player. */
  deposit: 'PANALO-DEPO-0500',
} as const;

const FORM = `<form method="post" action="/dev/vouchers">
<label>Kind<select name="kind"><option value="promo">Promo voucher (customer/receiveVoucher)</option><option value="deposit">Deposit voucher (deposit/depositByVoucher)</option><option value="giftcard">Gift card (one player)</option></select></label>
<label>Amount (₱)<input name="amount" inputmode="decimal" value="100" required></label>
<label>How many codes<input name="count" type="number" min="1" max="100" value="1"></label>
<label>Uses per code<input name="maxUses" type="number" min="1" max="100000" value="1"></label>
<label>Valid for (days)<input name="days" type="number" min="1" max="3650" value="30"></label>
<label>Player's phone (gift card)<input name="phone" placeholder="0917 555 0123"></label>
<button type="submit">Issue</button></form>`;

export async function devVouchers(app: FastifyInstance, options: { db: Database; vouchers: VoucherService }) {
  const { db, vouchers } = options;
  devPageBasics(app);
  app.addHook('onReady', async () => {
    const expiresAt = new Date(Date.now() + 3650 * 86_400_000);
    await vouchers.issueCode(DEMO_VOUCHERS.promo, { kind: 'promo', amount: 10_000, maxUses: 10_000, expiresAt, issuedBy: 'demo seed' });
    await vouchers.issueCode(DEMO_VOUCHERS.deposit, { kind: 'deposit', amount: 50_000, maxUses: 10_000, expiresAt, issuedBy: 'demo seed' });
  });

  const render = async (notice = '') => {
    const rows = await latestVouchers(db, 100);
    const list = rows
      .map(
        (row) =>
          `<tr><td>${row.id}</td><td>${escapeHtml(row.kind)}</td><td>${escapeHtml(maskCode(row.codeTail))}</td><td>${pesos(row.amount)}</td><td>${row.uses} / ${row.maxUses}</td><td>${
            row.customerId ?? 'any'
          }</td><td>${row.expiresAt.toISOString()}</td><td>${escapeHtml(row.issuedBy)}</td></tr>`,
      )
      .join('');
    return devPage(
      'Vouchers and gift cards',
      `<p class="note">Issue codes for testing. A code is shown once, here; only its hash is stored. This page does not exist in production. Demo codes: <code>${DEMO_VOUCHERS.promo}</code> (₱100 voucher), <code>${DEMO_VOUCHERS.deposit}</code> (₱500 deposit voucher).</p>${notice}${FORM}
<h2>Latest</h2><table><thead><tr><th>#</th><th>kind</th><th>code</th><th>amount</th><th>used</th><th>player</th><th>expires</th><th>by</th></tr></thead><tbody>${
        list || '<tr><td colspan="8">None yet.</td></tr>'
      }</tbody></table>`,
    );
  };

  app.get('/dev/vouchers', async (_request, reply) => sendPage(reply, await render()));

  app.post('/dev/vouchers', async (request, reply) => {
    if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
    const form = formFields(request);
    const fail = async (text: string) => sendPage(reply, await render(`<p class="bad">${escapeHtml(text)}</p>`), 400);
    const kind = form.get('kind');
    if (kind !== 'promo' && kind !== 'deposit' && kind !== 'giftcard') return fail('Choose a kind.');
    const amount = Math.round(Number(form.get('amount')) * 100);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 10_000_000) return fail('The amount is ₱0.01 to ₱100,000.');
    const count = Number(form.get('count') || 1);
    const maxUses = Number(form.get('maxUses') || 1);
    const days = Number(form.get('days') || 30);
    if (![count, maxUses, days].every((n) => Number.isInteger(n) && n > 0) || count > 100 || maxUses > 100_000 || days > 3650) {
      return fail('Count 1–100, uses 1–100,000, days 1–3650.');
    }
    let customerId: number | null = null;
    const phone = (form.get('phone') ?? '').trim();
    if (kind === 'giftcard' || phone) {
      const e164 = normalizePhone(phone);
      const customer = e164 ? await findByPhone(db, e164) : undefined;
      if (!customer) return fail('A gift card needs the phone number of an existing player.');
      customerId = customer.id;
    }
    const codes = await vouchers.issue({
      kind,
      amount,
      count,
      maxUses,
      customerId,
      expiresAt: new Date(Date.now() + days * 86_400_000),
      issuedBy: 'dev page',
    });
    return sendPage(
      reply,
      await render(
        `<div class="card"><p class="ok">Issued ${codes.length} × ${pesos(amount)} (${escapeHtml(kind)}). Copy the codes now: they are not shown again.</p><p class="codes">${codes
          .map(escapeHtml)
          .join('<br>')}</p></div>`,
      ),
    );
  });
}
