import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { chatwootDesk, type DeskTransport, noDesk } from './chatwoot';
import { SIM_ACCOUNT_ID, SIM_INBOX_ID, simApi } from './simApi';
import { simPages } from './simPages';
import { DeskSimulator } from './simulator';
import type { SupportDesk } from './types';

/**
 * Which help desk the support chat talks to:
 * - SUPPORT_DESK_URL, SUPPORT_DESK_ACCOUNT_ID, SUPPORT_DESK_INBOX_ID, SUPPORT_DESK_API_TOKEN and
 *   SUPPORT_DESK_WEBHOOK_SECRET (all or none): a real Chatwoot-style desk over HTTPS, in any mode; it
 *   sends its webhooks to POST /webhooks/support.
 * - None set, development and tests: the simulator (its API under /sim/support/api, its agent console
 *   /sim/support), with its secrets derived from the deployment's own.
 * - None set, production: no desk; the players' messages wait in our database (sent, not delivered).
 */

export const SUPPORT_DESK_ENV = [
  'SUPPORT_DESK_URL',
  'SUPPORT_DESK_ACCOUNT_ID',
  'SUPPORT_DESK_INBOX_ID',
  'SUPPORT_DESK_API_TOKEN',
  'SUPPORT_DESK_WEBHOOK_SECRET',
] as const;

export interface SupportDeskSettings {
  url: string;
  accountId: string;
  inboxId: string;
  apiToken: string;
  webhookSecret: string;
}

/** The desk's settings from the environment; undefined when none is set, an error when only some are. */
export function supportDeskSettings(env: NodeJS.ProcessEnv): SupportDeskSettings | undefined {
  const values = SUPPORT_DESK_ENV.map((name) => env[name]?.trim() ?? '');
  if (values.every((value) => value === '')) return undefined;
  const missing = SUPPORT_DESK_ENV.filter((_, at) => values[at] === '');
  if (missing.length) throw new Error(`support desk: set ${missing.join(', ')} too (or none of ${SUPPORT_DESK_ENV.join(', ')})`);
  const [url, accountId, inboxId, apiToken, webhookSecret] = values as [string, string, string, string, string];
  if (!/^https?:\/\//.test(url)) throw new Error(`SUPPORT_DESK_URL must be an http(s) URL, not ${url}`);
  return { url: url.replace(/\/+$/, ''), accountId, inboxId, apiToken, webhookSecret };
}

/** The simulator's API token and webhook secret, derived from the deployment's secret (never in the repository). */
export function simulatorSecrets(deploymentSecret: string): { apiToken: string; webhookSecret: string } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', deploymentSecret, 'panalo-support-desk', info, 32)).toString('hex');
  return { apiToken: derive('api-token:v1'), webhookSecret: derive('webhook:v1') };
}

/** HTTPS to a real desk, with a time limit: a desk that hangs must not hold a player's call. */
function httpsTransport(base: string): DeskTransport {
  return async ({ method, path, headers, body }) => {
    const response = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.text() };
  };
}

export interface RegisteredDesk {
  desk: SupportDesk;
  /** Development and tests only. */
  simulator: DeskSimulator | undefined;
}

export async function registerSupportDesk(
  app: FastifyInstance,
  context: { db: Database; production: boolean; deploymentSecret: string; clock: () => number; env?: NodeJS.ProcessEnv },
): Promise<RegisteredDesk> {
  const settings = supportDeskSettings(context.env ?? process.env);
  if (settings) return { desk: chatwootDesk(settings, httpsTransport(settings.url)), simulator: undefined };
  if (context.production) {
    app.log.warn('support desk: none configured (SUPPORT_DESK_*); players’ messages wait until one is');
    return { desk: noDesk, simulator: undefined };
  }
  const secrets = simulatorSecrets(context.deploymentSecret);
  const simulator = new DeskSimulator({
    db: context.db,
    webhookSecret: secrets.webhookSecret,
    clock: context.clock,
    log: app.log,
    // Delivered through our real webhook route (raw body, signature, inbox), without a network hop.
    async deliver(headers, body) {
      return (await app.inject({ method: 'POST', url: '/webhooks/support', headers, payload: body })).statusCode;
    },
  });
  await app.register(simApi, { simulator, apiToken: secrets.apiToken });
  await app.register(simPages, { simulator });
  const desk = chatwootDesk(
    { accountId: SIM_ACCOUNT_ID, inboxId: SIM_INBOX_ID, apiToken: secrets.apiToken, webhookSecret: secrets.webhookSecret },
    async ({ method, path, headers, body }) => {
      const answer = await app.inject({ method, url: `/sim/support${path}`, headers, payload: body });
      return { status: answer.statusCode, body: answer.body };
    },
  );
  return { desk, simulator };
}
