import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SocialBody, SocialCall } from '../../../src/contract/social';
import type { Session } from '../../plugins/contract';
import type { SocialCaller, SocialService } from './service';

/** Calls that start sign-ins, send codes or guess tickets get a tighter per-address limit. */
const SENSITIVE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The social login calls (src/contract/social.ts): parsed here, decided in service.ts. */
export async function socialRoutes(app: FastifyInstance, { service }: { service: SocialService }) {
  const callerOf = (request: FastifyRequest, session: Session): SocialCaller => ({
    client: request,
    sessionId: session.id,
    customerId: session.customerId,
    origin: `${request.protocol}://${request.host}`,
  });

  app.call({
    prefix: 'main',
    name: SocialCall.start,
    auth: 'session',
    rateLimit: SENSITIVE_LIMIT,
    body: SocialBody.start,
    handler: ({ body, request, session }) => service.start(body.provider, body.returnTo, callerOf(request, session)),
  });

  app.call({
    prefix: 'main',
    name: SocialCall.google,
    auth: 'session',
    rateLimit: SENSITIVE_LIMIT,
    body: SocialBody.callback,
    handler: ({ body, request, session }) => service.callback('google', body, callerOf(request, session)),
  });

  app.call({
    prefix: 'main',
    name: SocialCall.apple,
    auth: 'session',
    rateLimit: SENSITIVE_LIMIT,
    body: SocialBody.callback,
    handler: ({ body, request, session }) => service.callback('apple', body, callerOf(request, session)),
  });

  app.call({
    prefix: 'main',
    name: SocialCall.verifyPhoneMask,
    auth: 'session',
    rateLimit: SENSITIVE_LIMIT,
    body: SocialBody.verifyPhoneMask,
    handler: ({ body, request, session }) => service.verifyPhoneMask(body, callerOf(request, session)),
  });

  app.call({
    prefix: 'main',
    name: SocialCall.createBind,
    auth: 'session',
    rateLimit: SENSITIVE_LIMIT,
    body: SocialBody.createBind,
    handler: ({ body, request, session }) => service.createBind(body, callerOf(request, session)),
  });

  app.call({
    prefix: 'main',
    name: SocialCall.checkBind,
    auth: 'player',
    body: SocialBody.checkBind,
    handler: ({ customerId }) => service.checkBind(customerId),
  });

  app.call({
    prefix: 'main',
    name: SocialCall.updateUserInfo,
    auth: 'player',
    body: SocialBody.updateUserInfo,
    handler: ({ body, customerId }) => service.updateUserInfo(customerId, body.provider),
  });
}
