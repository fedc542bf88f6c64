import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { type AgentCashOut, agentCashOutSimulator, agentCashOutVerifier } from '../../providers/agents/cashOut';
import { pesos } from '../../providers/payments/checkoutPage';
import { CHECKOUT_CSS_PATH } from '../../providers/payments/checkoutPage';
import { postgresSimulatorStore } from '../../providers/payments/postgresStore';
import { providerWebhooks } from '../payments';

/** How often the store cash-out simulator lapses codes and delivers its callbacks. */
const AGENT_STEP_MS = 1_000;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Store cash-outs (withdraw/withdrawByAgent) outside production: the agent simulator with its signed
 * callback route (/webhooks/agent, through the payments inbox like the others), its shared job, and the
 * cashier's page /sim/agent where a claim code is entered. In production there is no agent network yet,
 * so the way is closed (withdrawSwitch agent: false).
 */
export async function registerAgentCashOut(
  app: FastifyInstance,
  context: { db: Database; secret: string },
): Promise<AgentCashOut | undefined> {
  const { payments } = app;
  if (!payments.simulators) return undefined;
  // The simulator's callback key, derived from a deployment secret: nothing more to keep.
  const secret = createHmac('sha256', context.secret).update('agent-cash-out-simulator').digest('hex');
  const agent = agentCashOutSimulator({
    store: postgresSimulatorStore(context.db),
    clock: payments.clock,
    secret,
    async send({ headers, body }) {
      const answer = await app.inject({
        method: 'POST',
        url: '/webhooks/agent',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: body,
      });
      return answer.statusCode;
    },
  });
  await app.register(providerWebhooks, { verifiers: { agent: agentCashOutVerifier(secret) } });
  app.jobs.add('agent-cash-out', AGENT_STEP_MS, (now) => agent.tick(now));

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, body, done) =>
      done(null, body),
    );
    const page = (message: string, waiting: { claimCode: string; amount: number }[]) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Store cash-out · Panalo</title><link rel="stylesheet" href="${CHECKOUT_CSS_PATH}"></head><body><main>
<h1>Partner store cashier</h1><p class="note">Development only: this page does not exist in production.</p>
${message ? `<p role="status">${escape(message)}</p>` : ''}
<form method="post" action="/sim/agent/claim"><label>Claim code <input name="code" inputmode="numeric" autocomplete="off" required></label>
<button type="submit">Hand out the cash</button></form>
<h2>Waiting codes</h2><ul>${waiting.map((w) => `<li><code>${escape(w.claimCode)}</code> · ${pesos(w.amount)}</li>`).join('') || '<li>None</li>'}</ul>
</main></body></html>`;
    scope.get('/sim/agent', async (_request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page('', await agent.waiting(payments.clock()))),
    );
    scope.post('/sim/agent/claim', async (request, reply) => {
      const code = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('code') ?? '';
      const { result, amount } = await agent.claim(code);
      const message = {
        claimed: `Hand the player ${pesos(amount ?? 0)}. The withdrawal is paid.`,
        unknown: 'No cash-out has this code.',
        expired: 'This code has lapsed: the money went back to the player’s wallet.',
        already: 'This code was already claimed.',
      }[result];
      return reply
        .status(result === 'claimed' ? 200 : 400)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(message, await agent.waiting(payments.clock())));
    });
  });
  return agent;
}
