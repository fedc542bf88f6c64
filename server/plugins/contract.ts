import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type * as z from 'zod';
import { APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix, MAIN_SUCCESS_CODE, makeEnvelope } from '../../src/contract/envelopes';
import { GatewayCode } from '../../src/contract/errorCodes';
import { HEADER, computeSign, signsEqual } from '../../src/contract/sign';
import { CallError } from '../lib/errors';

/**
 * The call contract (spec §7, ARCHITECTURE "The contract"): POST JSON under four prefixes, the Sign
 * header verified over the exact body text, answers in the prefix's envelope, every failure a GW_ code
 * and a message (never a stack trace).
 */

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
  interface FastifyInstance {
    call<S extends z.ZodType>(definition: CallDefinition<S>): void;
  }
}

export interface CallContext<Body> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface CallDefinition<S extends z.ZodType> {
  prefix: ApiPrefix;
  /** The call name after the prefix, exactly as the spec names it, e.g. `front/siteinfo`. */
  name: string;
  body: S;
  handler: (ctx: CallContext<z.infer<S>>) => Promise<unknown> | unknown;
}

/** Which prefix an URL belongs to, for answering errors in the right envelope. */
export function prefixOf(url: string): ApiPrefix | undefined {
  for (const [prefix, path] of Object.entries(API_PREFIXES) as [ApiPrefix, string][]) {
    if (url === path || url.startsWith(`${path}/`)) return prefix;
  }
  return undefined;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
}

export function verifySign(request: FastifyRequest, appKey: string): boolean {
  const sign = header(request, HEADER.sign);
  if (!/^[0-9a-f]{64}$/.test(sign)) return false;
  const expected = computeSign(appKey, {
    body: request.rawBody ?? '',
    qid: header(request, HEADER.qid),
    appId: header(request, HEADER.appId),
    version: APP_VERSION,
    token: header(request, HEADER.token),
  });
  return signsEqual(sign, expected);
}

function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

export const contractPlugin = fp<{ appKey: string }>(async (app: FastifyInstance, options) => {
  // Keep the exact body text: the Sign covers it byte for byte.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new CallError(GatewayCode.InvalidRequest, 'The request body is not valid JSON.', 400), undefined);
    }
  });

  app.decorate('call', function call<S extends z.ZodType>(this: FastifyInstance, definition: CallDefinition<S>) {
    const url = `${API_PREFIXES[definition.prefix]}/${definition.name}`;
    this.post(url, async (request, reply) => {
      if (!verifySign(request, options.appKey)) {
        throw new CallError(GatewayCode.BadSign, 'The request signature does not match. Please refresh the page and try again.', 400);
      }
      const parsed = definition.body.safeParse(request.body ?? {});
      if (!parsed.success) throw new CallError(GatewayCode.InvalidRequest, zodMessage(parsed.error), 400);
      const data = await definition.handler({ body: parsed.data, request, reply });
      return makeEnvelope(definition.prefix, MAIN_SUCCESS_CODE, 'success', data ?? null);
    });
  });

  app.setErrorHandler((error, request, reply) => {
    const prefix = prefixOf(request.url.split('?')[0] ?? '') ?? 'main';
    if (error instanceof CallError) {
      if (error.status >= 500) request.log.error({ err: error }, 'call failed');
      return reply.status(error.status).send(makeEnvelope(prefix, error.code, error.message, error.data));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(makeEnvelope(prefix, GatewayCode.TooManyRequests, 'Too many requests. Please wait a moment.', null));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(makeEnvelope(prefix, GatewayCode.InvalidRequest, 'The request is not valid.', null));
    }
    // Never a stack trace to the caller: the details are in the log under the request id.
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(makeEnvelope(prefix, GatewayCode.Internal, `Something went wrong on our side (ref ${request.id}). Please try again.`, null));
  });
});
