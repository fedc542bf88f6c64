import type { FastifyInstance } from 'fastify';
import { depositOrderAnswer } from '../../../src/contract/answers/money';
import { MAYA_HOST, MayaBody, MayaCall, PartnerBody, PartnerCall } from '../../../src/contract/partners';
import { MAYA_SESSION_PATH } from '../../providers/hosts/walletMiniApp';
import type { DepositService } from '../deposits';
import type { BotService } from './bot';
import type { HandoffService } from './handoff';
import { type MayaService, SessionRefused } from './maya';
import type { PartnerService } from './service';

/** The partner-host calls (src/contract/partners.ts) and the wallet host's Session URL. */
export async function partnerRoutes(
  app: FastifyInstance,
  options: { service: PartnerService; bot: BotService; maya: MayaService; handoff: HandoffService; deposits: DepositService },
) {
  const { service, bot, maya, handoff, deposits } = options;

  // The wallet host's Session URL (server to server): its encrypted token in, a one-time sessionId out.
  app.post(MAYA_SESSION_PATH, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      return await maya.openSession(request.body);
    } catch (error) {
      if (error instanceof SessionRefused) return reply.status(error.status).send({ error: error.code });
      throw error;
    }
  });

  app.call({
    prefix: 'main',
    name: MayaCall.initiateSession,
    auth: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: MayaBody.initiateSession,
    handler: ({ body, request, session }) => maya.initiateSession(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: MayaCall.checkBindV4,
    auth: 'player',
    body: MayaBody.checkBindV4,
    handler: ({ customerId }) => maya.checkBind(customerId),
  });

  app.call({
    prefix: 'main',
    name: MayaCall.checkDepositFlag,
    auth: 'player',
    body: MayaBody.checkDepositFlag,
    handler: () => maya.depositFlag(),
  });

  app.call({
    prefix: 'main',
    name: MayaCall.eventTracking,
    auth: 'player',
    rateLimit: { max: 60, timeWindow: '1 minute' },
    body: MayaBody.eventTracking,
    handler: ({ body, customerId }) => {
      app.log.info({ host: MAYA_HOST, customerId, event: body.event, detail: body.detail }, 'mini-app event');
      return {};
    },
  });

  // A Maya deposit from inside Maya: the Maya checkout, with the session's host for the operator's switch.
  app.call({
    prefix: 'main',
    name: MayaCall.createOnlineOrder,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MayaBody.createOnlineOrder,
    answer: depositOrderAnswer,
    handler: ({ body, customerId, idempotencyKey, session }) =>
      deposits.createOnlineOrder(
        customerId,
        idempotencyKey,
        { payType: 'maya', channelId: 'maya-checkout', amount: body.amount },
        session.host,
      ),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.handoff,
    auth: 'player',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: PartnerBody.handoff,
    handler: ({ body, customerId }) => handoff.issue(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.resumeHandoff,
    auth: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: PartnerBody.resumeHandoff,
    handler: ({ body, request, session }) => handoff.resume(body, { client: request, sessionId: session?.id }),
  });

  // The messaging bot's link (spec §2 sessionId + relogin): a session id once, within 10 minutes.
  app.call({
    prefix: 'main',
    name: PartnerCall.viberCheckBind,
    auth: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: PartnerBody.viberCheckBind,
    handler: ({ body, request, session }) => bot.checkBind(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.botStatus,
    auth: 'player',
    body: PartnerBody.botStatus,
    handler: ({ customerId }) => bot.status(customerId),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.botUnlink,
    auth: 'player',
    body: PartnerBody.botUnlink,
    handler: ({ customerId }) => bot.unlink(customerId),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostLogin,
    auth: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: PartnerBody.hostLogin,
    handler: ({ body, request, session }) => service.hostLogin(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostPayOrder,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: PartnerBody.hostPayOrder,
    answer: depositOrderAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.hostPayOrder(customerId, idempotencyKey, body),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostSwitches,
    auth: 'player',
    body: PartnerBody.hostSwitches,
    handler: ({ body }) => service.hostSwitches(body),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostPayResult,
    auth: 'player',
    body: PartnerBody.hostPayResult,
    answer: depositOrderAnswer,
    handler: ({ body, customerId }) => service.hostPayResult(customerId, body),
  });
}
