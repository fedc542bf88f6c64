import type { FastifyInstance, FastifyReply } from 'fastify';
import { HOST_API, headerMap, signedHeaders, verifySigned } from '../../providers/hosts/alipayPlus';
import type { GcashHost, PaySheetChoice } from '../../providers/hosts/gcashHost';
import { ACQUISITION_PARAMS } from '../../../src/contract/storageKeys';
import { HOST_PAGE_PATH, hostPageCss, hostPageHtml, hostPageJs } from '../../providers/hosts/hostPage';
import { GCASH_SPEC } from '../../providers/hosts/superApps';
import { BOT_PAGE_CSS, BOT_PAGE_PATH, botPageHtml } from '../../providers/hosts/botPage';
import type { MayaHost } from '../../providers/hosts/mayaHost';
import { MAYA_PAGE_CSS, MAYA_PAGE_JS, MAYA_PAGE_PATH, mayaPageHtml } from '../../providers/hosts/mayaPage';
import { MAYA_USERINFO } from '../../providers/hosts/walletMiniApp';
import type { BotService } from './bot';
import type { SuperAppKeys } from './secrets';

/** Where the GCash simulator's server API answers (our client's basePath in development; Lazada's: /sim/host/lazada/api). */
export const HOST_API_BASE = `${HOST_PAGE_PATH}/api`;
const API_PATHS: readonly string[] = Object.values(HOST_API);
const CHOICES: readonly PaySheetChoice[] = ['pay', 'cancel', 'fail', 'processing', 'networkError', 'unknown'];

/**
 * The super-app host simulator's routes, development and tests only (never registered in production):
 * its page with the bridge, the bridge's own calls to its server (getAuthCode, the pay sheet), and its
 * server API, which checks our signature over the raw body and signs every answer with the host's key.
 */
export async function hostSimRoutes(
  app: FastifyInstance,
  options: { superApps: { host: GcashHost; keys: SuperAppKeys }[]; clock: () => number; bot: BotService; maya: MayaHost },
) {
  const { clock } = options;
  const page = (type: string, body: string) => (_request: unknown, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').type(type).send(body);

  for (const { host, keys } of options.superApps) await superAppRoutes(app, { host, keys, clock, page });

  // The messaging bot's chat (Viber style): share a phone number, then buttons with fresh session ids.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4_096 }, (_request, body, done) =>
    done(null, body),
  );
  const viberUser = (phone: string) => `vb-${phone.replace(/\D/g, '')}`;
  app.get(BOT_PAGE_PATH, page('text/html; charset=utf-8', botPageHtml({ phones: GCASH_SPEC.users.map((user) => user.mobile) })));
  app.get(`${BOT_PAGE_PATH}/bot.css`, page('text/css; charset=utf-8', BOT_PAGE_CSS));
  app.post(`${BOT_PAGE_PATH}/share`, async (request, reply) => {
    const phone = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('phone') ?? '';
    if (!/^\+63\d{10}$/.test(phone)) return reply.status(400).type('text/plain').send('Share a Philippine mobile number.');
    await options.bot.bindByPhone(viberUser(phone), phone);
    return reply.redirect(`${BOT_PAGE_PATH}/chat?phone=${encodeURIComponent(phone)}`, 303);
  });
  app.get<{ Querystring: { phone?: string } }>(`${BOT_PAGE_PATH}/chat`, async (request, reply) => {
    const phone = String(request.query.phone ?? '');
    if (!/^\+63\d{10}$/.test(phone)) return reply.redirect(BOT_PAGE_PATH, 303);
    const session = async () => options.bot.sessionFor(viberUser(phone));
    const first = await session();
    const links = first
      ? [
          { label: 'Open Sports', href: `/sports?sessionId=${first}&relogin=1` },
          { label: 'Deposit', href: `/wallet/deposit?sessionId=${(await session())!}&relogin=1` },
          { label: 'Bot settings', href: `/bobotSwitch?sessionId=${(await session())!}&relogin=1` },
        ]
      : undefined;
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(botPageHtml({ phones: [], shared: phone, bound: first !== undefined, ...(links ? { links } : {}) }));
  });

  // The wallet mini-app host (Maya style): its page, its launch (the Session URL POST) and its user API.
  app.get(MAYA_PAGE_PATH, page('text/html; charset=utf-8', mayaPageHtml()));
  app.get(`${MAYA_PAGE_PATH}/maya.css`, page('text/css; charset=utf-8', MAYA_PAGE_CSS));
  app.get(`${MAYA_PAGE_PATH}/maya.js`, page('text/javascript; charset=utf-8', MAYA_PAGE_JS));
  app.post<{ Body: { userId?: unknown } }>(`${MAYA_PAGE_PATH}/launch`, async (request, reply) => {
    const userId = request.body?.userId;
    const answer = await options.maya.launch(typeof userId === 'string' ? userId : '');
    return reply
      .header('Cache-Control', 'no-store')
      .status('landing' in answer ? 200 : 502)
      .send(answer);
  });
  app.post(`${MAYA_PAGE_PATH}/api${MAYA_USERINFO}`, async (request, reply) => {
    const answer = await options.maya.userInfo(request.headers.authorization);
    return reply.header('Cache-Control', 'no-store').status(answer.status).send(answer.body);
  });
}

/** One super-app host's simulator: its page and bridge calls, and its signed server API. */
async function superAppRoutes(
  app: FastifyInstance,
  options: {
    host: GcashHost;
    keys: SuperAppKeys;
    clock: () => number;
    page: (type: string, body: string) => (request: unknown, reply: FastifyReply) => FastifyReply;
  },
) {
  const { host, keys, clock, page } = options;
  const { spec } = host;
  const base = spec.pagePath;
  // The app opens as the host's mini program with the host's partner origin (spec §2 isFrom).
  // An affiliate's link into the mini program carries its acquisition parameters (spec §3): the host
  // opens the app with them, as a real mini-program link's query reaches the page.
  app.get<{ Querystring: Record<string, unknown> }>(base, (request, reply) => {
    const query = new URLSearchParams({ isFrom: spec.isFrom });
    for (const name of ACQUISITION_PARAMS) {
      const value = request.query[name];
      if (typeof value === 'string' && value !== '') query.set(name, value.slice(0, 200));
    }
    return page('text/html; charset=utf-8', hostPageHtml(`/?${query.toString()}`, spec))(request, reply);
  });
  app.get(`${base}/host.css`, page('text/css; charset=utf-8', hostPageCss(spec)));
  app.get(`${base}/host.js`, page('text/javascript; charset=utf-8', hostPageJs(spec)));

  app.post<{ Body: { userId?: unknown; scopes?: unknown; consented?: unknown } }>(`${base}/bridge/authCode`, async (request) => {
    const { userId, scopes, consented } = request.body ?? {};
    const list = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
    return host.authCode(typeof userId === 'string' ? userId : '', list, consented === true);
  });
  app.post<{ Body: { paymentId?: unknown } }>(`${base}/bridge/payment`, async (request) => {
    const payment = typeof request.body?.paymentId === 'string' ? await host.payment(request.body.paymentId) : undefined;
    return payment ? { amount: payment.amount, stage: payment.stage } : { error: 'NOT_FOUND' };
  });
  app.post<{ Body: { paymentId?: unknown; choice?: unknown } }>(`${base}/bridge/tradePay`, async (request, reply) => {
    const choice = CHOICES.find((c) => c === request.body?.choice);
    const paymentId = request.body?.paymentId;
    if (!choice || typeof paymentId !== 'string') return reply.status(400).send({ resultCode: '4000' });
    return { resultCode: await host.tradePay(paymentId, choice) };
  });

  // The host's server API: raw bytes, our signature checked before anything is parsed.
  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_request, body, done) => done(null, body));
    for (const path of API_PATHS) {
      const uri = `${base}/api${path}`;
      api.post(uri, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
        let answer: Record<string, unknown>;
        if (!verifySigned(keys.ourPublicKeyPem, uri, keys.clientId, headerMap(request.headers), raw, clock())) {
          answer = { result: { resultCode: 'INVALID_SIGNATURE', resultStatus: 'F', resultMessage: 'The signature is invalid.' } };
          reply.status(401);
        } else {
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            body = {};
          }
          answer = await host.call(path, body);
        }
        const text = JSON.stringify(answer);
        reply.headers(signedHeaders(keys.hostPrivateKeyPem, uri, keys.clientId, clock(), text, 'Response-Time'));
        return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(text);
      });
    }
  });
}
