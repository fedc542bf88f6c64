import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { isMediaKey } from '../../lib/security';
import { ordersForReview, receiptByKey } from '../bankDeposits';
import type { ManualDepositService } from '../bankDeposits';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, pesos, sendPage } from './html';

/**
 * /dev/deposits: the operator's review of bank deposits. Each order in review shows its amount, the
 * reference the player was asked to write, and the receipt; Approve credits it (once, however many
 * times it is pressed), Reject closes it with the reason, which goes to the player's inbox. Plain forms,
 * no script (the strict CSP). Development only.
 */
export async function devDeposits(app: FastifyInstance, options: { db: Database; deposits: ManualDepositService }) {
  const { db, deposits } = options;
  devPageBasics(app);

  app.get<{ Params: { key: string } }>('/dev/deposits/receipt/:key', async (request, reply) => {
    const row = isMediaKey(request.params.key) ? await receiptByKey(db, request.params.key) : undefined;
    if (!row) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'private, no-store').type(row.contentType).send(row.data);
  });

  const render = async (notice = '') => {
    const { waiting, decided } = await ordersForReview(db);
    const cards = waiting
      .map(({ order, mediaKey, width, height, loginName }) => {
        const bank = (order.details as { bank?: { bankName: string; accountNo: string } }).bank;
        return `<div class="card" data-order="${escapeHtml(order.orderNo)}"><p><strong>${pesos(order.amount)}</strong> to ${escapeHtml(
          bank ? `${bank.bankName} ${bank.accountNo}` : 'bank',
        )} · reference <code>${escapeHtml(order.orderNo)}</code> · player ${escapeHtml(loginName)} · ${order.createdAt.toISOString()}</p>
<a href="/dev/deposits/receipt/${mediaKey}"><img class="receipt" src="/dev/deposits/receipt/${mediaKey}" width="${width}" height="${height}" alt="Receipt of ${escapeHtml(
          order.orderNo,
        )}"></a>
<form method="post" action="/dev/deposits"><input type="hidden" name="orderNo" value="${escapeHtml(order.orderNo)}">
<label>Reviewer<input name="reviewer" value="operator"></label><button type="submit" name="decision" value="approve">Approve</button></form>
<form method="post" action="/dev/deposits"><input type="hidden" name="orderNo" value="${escapeHtml(order.orderNo)}">
<label>Reviewer<input name="reviewer" value="operator"></label><label>Reason (sent to the player)<input name="reason" size="40" placeholder="The receipt does not show the reference."></label>
<button class="reject" type="submit" name="decision" value="reject">Reject</button></form></div>`;
      })
      .join('');
    const rows = decided
      .map(
        ({ order, reviewedBy }) =>
          `<tr><td><code>${escapeHtml(order.orderNo)}</code></td><td>${pesos(order.amount)}</td><td class="${order.status === 'paid' ? 'ok' : 'bad'}">${escapeHtml(
            order.status,
          )}</td><td>${escapeHtml(order.message ?? '')}</td><td>${escapeHtml(reviewedBy ?? '')}</td></tr>`,
      )
      .join('');
    return devPage(
      'Bank deposits to review',
      `<p class="note">Orders whose receipt was uploaded, oldest first. This page does not exist in production.</p>${notice}${
        cards || '<p>Nothing to review.</p>'
      }<h2>Latest decided</h2><table><thead><tr><th>order</th><th>amount</th><th>status</th><th>reason</th><th>by</th></tr></thead><tbody>${
        rows || '<tr><td colspan="5">None yet.</td></tr>'
      }</tbody></table>`,
    );
  };

  app.get('/dev/deposits', async (_request, reply) => sendPage(reply, await render()));

  app.post('/dev/deposits', async (request, reply) => {
    if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
    const form = formFields(request);
    const orderNo = (form.get('orderNo') ?? '').trim();
    const reviewer = (form.get('reviewer') ?? '').trim().slice(0, 60) || 'operator';
    const decision = form.get('decision');
    if (!orderNo || (decision !== 'approve' && decision !== 'reject')) {
      return sendPage(reply, await render('<p class="bad">Choose an order and Approve or Reject.</p>'), 400);
    }
    const outcome =
      decision === 'approve'
        ? await deposits.approve(orderNo, reviewer)
        : await deposits.reject(orderNo, (form.get('reason') ?? '').slice(0, 300), reviewer);
    const notice = outcome.done
      ? `<p class="ok">${escapeHtml(orderNo)}: ${decision === 'approve' ? `approved, ${pesos(outcome.order.amount)} credited` : 'rejected'}.</p>`
      : `<p class="bad">${escapeHtml(outcome.message)}</p>`;
    return sendPage(reply, await render(notice), outcome.done ? 200 : 409);
  });
}
