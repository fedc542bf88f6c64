import type { FastifyInstance } from 'fastify';
import { crossSite, devPage, devPageBasics, escapeHtml, formFields, pesos, sendPage } from '../dev';
import { type ResponsibleGamingService, SWITCH_CACHE_MS } from './service';

/**
 * /dev/responsible-gaming (development only): the operator's kill switches (a payment channel or a
 * partner host in withdraw-only mode; every instance obeys within 30 s) and the review of restricted-
 * persons matches (Release: a wrong match, the winnings go back; Forfeit: the winnings are forfeited).
 * POST /dev/responsible-gaming/switch with JSON { key, withdrawOnly } is the tests' way in.
 */

const CHANNELS = ['gcash', 'maya', 'bank', 'agent', 'voucher'];

export async function responsibleGamingDevPages(app: FastifyInstance, options: { service: ResponsibleGamingService }) {
  const { service } = options;
  devPageBasics(app);

  const render = async (notice = '') => {
    const switches = new Map((await service.listSwitches()).map((row) => [row.key, row]));
    const keys = [...new Set([...CHANNELS.map((c) => `channel:${c}`), ...switches.keys()])];
    const rows = keys
      .map((key) => {
        const row = switches.get(key);
        const on = row?.withdrawOnly === true;
        return `<tr><td><code>${escapeHtml(key)}</code></td><td class="${on ? 'bad' : 'ok'}">${on ? 'withdraw only' : 'open'}</td>
<td>${escapeHtml(row ? `${row.updatedBy} · ${row.updatedAt.toISOString()}` : '')}</td>
<td><form method="post" action="/dev/responsible-gaming/switch"><input type="hidden" name="key" value="${escapeHtml(key)}">
<input type="hidden" name="withdrawOnly" value="${on ? 'false' : 'true'}"><button${on ? '' : ' class="reject"'}>${on ? 'Open again' : 'Withdraw only'}</button></form></td></tr>`;
      })
      .join('');
    const matches = (await service.restrictionsInReview())
      .map(
        (row) => `<div class="card"><p>Player <b>${escapeHtml(row.loginName)}</b> matched listing <code>${escapeHtml(row.listingNo)}</code>
(${escapeHtml(row.listingKind)}) on ${escapeHtml(row.matchedOn.join(' + '))} · ${escapeHtml(row.source)} · ${row.createdAt.toISOString()} ·
winnings held <b>${pesos(row.heldAmount)}</b></p>
<form method="post" action="/dev/responsible-gaming/review"><input type="hidden" name="id" value="${row.id}">
<button name="decision" value="release">Release (wrong match)</button><button class="reject" name="decision" value="forfeit">Forfeit winnings</button></form></div>`,
      )
      .join('');
    return devPage(
      'Responsible gaming: switches and reviews',
      `<p class="note">A switch in withdraw-only mode refuses deposits through that channel (or any money in through that partner host); withdrawals keep
working. Every instance reads the switches at most ${SWITCH_CACHE_MS / 1000} s old. This page does not exist in production.</p>${notice}
<h2>Kill switches</h2><table><thead><tr><th>switch</th><th>state</th><th>last change</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="/dev/responsible-gaming/switch"><label>Partner host<input name="key" placeholder="host:gcash-miniapp"></label>
<input type="hidden" name="withdrawOnly" value="true"><button class="reject">Withdraw only</button></form>
<h2>Restricted-persons matches to review</h2>${matches || '<p>None.</p>'}
<p class="note">The registry's desk (listings, family exclusion requests): <a href="/sim/ndrp">/sim/ndrp</a>.</p>`,
    );
  };

  app.get('/dev/responsible-gaming', async (_request, reply) => sendPage(reply, await render()));

  app.post('/dev/responsible-gaming/switch', async (request, reply) => {
    if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
    const json = typeof request.body === 'object' && request.body !== null;
    const fields = json ? (request.body as { key?: unknown; withdrawOnly?: unknown }) : Object.fromEntries(formFields(request));
    const key = String(fields.key ?? '').trim();
    const withdrawOnly = fields.withdrawOnly === true || fields.withdrawOnly === 'true';
    try {
      await service.setSwitch(key, withdrawOnly, 'operator');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'not changed';
      return json
        ? reply.status(400).send({ error: message })
        : sendPage(reply, await render(`<p class="bad">${escapeHtml(message)}</p>`), 400);
    }
    return json
      ? { key, withdrawOnly }
      : sendPage(reply, await render(`<p class="ok">${escapeHtml(key)}: ${withdrawOnly ? 'withdraw only' : 'open'}.</p>`));
  });

  app.post('/dev/responsible-gaming/review', async (request, reply) => {
    if (crossSite(request)) return sendPage(reply, devPage('Refused', '<p>Posts from another site are refused.</p>'), 403);
    const form = formFields(request);
    const decision = form.get('decision') === 'release' ? 'release' : 'forfeit';
    const message = await service.review(Number(form.get('id')), decision, 'operator');
    return sendPage(reply, await render(`<p class="ok">${escapeHtml(message)}</p>`));
  });
}
