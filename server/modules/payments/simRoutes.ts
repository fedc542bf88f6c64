import type { FastifyInstance, FastifyReply } from 'fastify';
import { PaymentChannel } from '../../../src/contract/payments';
import { CHECKOUT_CSS_PATH, CHECKOUT_PAGE_CSS, type PageAnswer, showCheckout, submitCheckout } from '../../providers/payments/checkoutPage';
import { isChannelDown } from '../../providers/payments/channels';
import { MAGIC_AMOUNTS } from '../../providers/payments/magicAmounts';
import type { PaymentSimulators } from '../../providers/payments/simulators';
import type { SimulatorStore } from '../../providers/payments/store';
import type { JobRunner } from '../../lib/jobs';
import { pesos } from '../../providers/payments/checkoutPage';

/** A simulator step may run this far ahead of the clock: within the providers' 5-minute signature tolerance. */
export const MAX_ADVANCE_MS = 4 * 60_000;

const CHANNELS = Object.values(PaymentChannel);
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function send(reply: FastifyReply, answer: PageAnswer) {
  reply.header('Cache-Control', 'no-store');
  if (answer.redirectTo) return reply.redirect(answer.redirectTo, 303);
  return reply
    .status(answer.status)
    .type('text/html; charset=utf-8')
    .send(answer.html ?? '');
}

/**
 * The simulators' own pages and controls, development and tests only (buildApp never registers them in
 * production): the hosted checkout pages (/sim/<provider>/checkout/<id>, Pay or Cancel as a plain form,
 * no script), /sim with each channel's outage switch and the magic amounts, and POST /sim/tick, which
 * runs the shared jobs now (advanceMs moves the simulators up to 4 minutes ahead: a paid checkout's
 * webhooks go out at once).
 */
export async function simRoutes(
  app: FastifyInstance,
  options: { simulators: PaymentSimulators; store: SimulatorStore; jobs: JobRunner; clock: () => number },
) {
  const { simulators, clock } = options;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4_096 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(CHECKOUT_CSS_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(CHECKOUT_PAGE_CSS),
  );

  app.get<{ Params: { provider: string; id: string } }>('/sim/:provider/checkout/:id', async (request, reply) => {
    const sim = simulators.checkout(request.params.provider);
    if (!sim) return send(reply, { status: 404, html: 'No such simulator.' });
    return send(reply, await showCheckout(sim, request.params.id, clock()));
  });

  app.post<{ Params: { provider: string; id: string } }>('/sim/:provider/checkout/:id', async (request, reply) => {
    const sim = simulators.checkout(request.params.provider);
    if (!sim) return send(reply, { status: 404, html: 'No such simulator.' });
    const form = typeof request.body === 'string' ? request.body : '';
    return send(reply, await submitCheckout(sim, request.params.id, form, clock()));
  });

  app.get('/sim', async (_request, reply) => {
    const rows: string[] = [];
    for (const channel of CHANNELS) {
      const down = await isChannelDown(options.store, channel);
      rows.push(`<li data-channel="${channel}"><strong>${channel}</strong> is ${down ? 'DOWN' : 'up'}
<form method="post" action="/sim/channels/${channel}"><button type="submit" name="state" value="${down ? 'up' : 'down'}">${down ? 'Bring it back' : 'Take it down'}</button></form></li>`);
    }
    const magic = Object.entries(MAGIC_AMOUNTS)
      .map(([amount, failure]) => `<li>${pesos(Number(amount))}: ${escape(failure)}</li>`)
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Payment simulators · Panalo</title><link rel="stylesheet" href="${CHECKOUT_CSS_PATH}"></head><body><main>
<h1>Payment simulators</h1><p class="note">Development only: this page does not exist in production.</p>
<h2>Channels</h2><ul>${rows.join('')}</ul><h2>Magic amounts</h2><ul>${magic}</ul>
<form method="post" action="/sim/tick"><input type="hidden" name="advanceMs" value="60000"><button type="submit">Deliver due webhooks now (+1 min)</button></form>
</main></body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.post<{ Params: { channel: string } }>('/sim/channels/:channel', async (request, reply) => {
    const channel = CHANNELS.find((name) => name === request.params.channel);
    const state = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('state');
    if (!channel || (state !== 'up' && state !== 'down'))
      return reply.status(400).type('text/plain').send('Pick a channel and up or down.');
    await simulators.setChannelDown(channel, state === 'down');
    return reply.redirect('/sim', 303);
  });

  app.post('/sim/tick', async (request, reply) => {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const advance = Math.min(MAX_ADVANCE_MS, Math.max(0, Number(form.get('advanceMs') ?? 0) || 0));
    const now = clock();
    const { delivered } = await simulators.tick(now + advance);
    const jobs = await options.jobs.tick(now);
    return reply.header('Cache-Control', 'no-store').send({ delivered, jobs: Object.keys(jobs) });
  });
}
