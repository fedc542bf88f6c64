import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix, MAIN_SUCCESS_CODE, makeEnvelope } from '../../src/contract/envelopes';
import { GatewayCode } from '../../src/contract/errorCodes';
import { VALIDATION_MESSAGES } from '../../src/contract/forms';
import { HEADER, computeSign, signsEqual } from '../../src/contract/sign';
import { SENSITIVE_FIELDS } from '../../src/contract/user';
import { CallError } from '../lib/errors';
import type { FieldCipher } from '../lib/security';

/**
 * The call contract (spec §7, ARCHITECTURE "The contract"): POST JSON under four prefixes, the Sign
 * header verified over the exact body text, the sensitive fields of spec §5 decrypted, the body
 * validated with the schema the client's forms use, the session resolved from the token, answers in the
 * prefix's envelope, every failure a GW_ code and a message (never a stack trace).
 */

export interface Session {
  id: number;
  customerId: number | null;
}

export interface SessionResolver {
  /** The session of a token; throws a CallError (invalid, expired, replaced) when there is none. */
  resolve(token: string): Promise<Session>;
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    session?: Session;
  }
  interface FastifyInstance {
    call<S extends StandardSchemaV1>(definition: CallDefinition<S>): void;
  }
}

export interface CallContext<Body> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session, when a valid token came with the call. */
  session: Session | undefined;
}

export interface PlayerCallContext<Body> extends CallContext<Body> {
  session: Session;
  customerId: number;
}

interface BaseDefinition<S extends StandardSchemaV1> {
  prefix: ApiPrefix;
  /** The call name after the prefix, exactly as the spec names it, e.g. `front/siteinfo`. */
  name: string;
  body: S;
  /** A tighter per-address limit than the global one (@fastify/rate-limit route config). */
  rateLimit?: { max: number; timeWindow: string };
}

export type CallDefinition<S extends StandardSchemaV1> =
  | (BaseDefinition<S> & { auth: 'public'; handler: (ctx: CallContext<StandardSchemaV1.InferOutput<S>>) => unknown })
  | (BaseDefinition<S> & { auth: 'player'; handler: (ctx: PlayerCallContext<StandardSchemaV1.InferOutput<S>>) => unknown });

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

/** Turns a validation issue into the words a player reads (the schemas carry message keys). */
function issueMessage(issue: StandardSchemaV1.Issue): string {
  const key = issue.message as keyof typeof VALIDATION_MESSAGES;
  const text = VALIDATION_MESSAGES[key] ?? issue.message;
  const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)).join('.');
  return path ? `${path}: ${text}` : text;
}

/** Decrypts the sensitive fields of spec §5 in place; a field that is not a valid ciphertext is refused. */
function decryptSensitive(body: unknown, cipher: FieldCipher): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = { ...(body as Record<string, unknown>) };
  for (const field of SENSITIVE_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || value === '') continue;
    const plain = typeof value === 'string' ? cipher.decrypt(value) : undefined;
    if (plain === undefined) {
      throw new CallError(
        GatewayCode.InvalidRequest,
        `${field}: must be encrypted with the server's public key. Please refresh the page and try again.`,
        400,
      );
    }
    record[field] = plain;
  }
  return record;
}

/** Per-account limit: a player's calls per minute, counted in a sliding window. */
class AccountLimiter {
  private readonly windows = new Map<number, number[]>();
  constructor(private readonly perMinute: number) {}
  allow(customerId: number, now = Date.now()): boolean {
    const recent = (this.windows.get(customerId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= this.perMinute) {
      this.windows.set(customerId, recent);
      return false;
    }
    recent.push(now);
    this.windows.set(customerId, recent);
    return true;
  }
}

export interface ContractOptions {
  appKey: string;
  cipher: FieldCipher;
  sessions: SessionResolver;
  accountCallsPerMinute: number;
}

export const contractPlugin = fp<ContractOptions>(async (app: FastifyInstance, options) => {
  const limiter = new AccountLimiter(options.accountCallsPerMinute);

  // Keep the exact body text: the Sign covers it byte for byte.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2_097_152 }, (request, body, done) => {
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

  app.decorate('call', function call<S extends StandardSchemaV1>(this: FastifyInstance, definition: CallDefinition<S>) {
    const url = `${API_PREFIXES[definition.prefix]}/${definition.name}`;
    this.post(url, { config: definition.rateLimit ? { rateLimit: definition.rateLimit } : {} }, async (request, reply) => {
      if (!verifySign(request, options.appKey)) {
        throw new CallError(GatewayCode.BadSign, 'The request signature does not match. Please refresh the page and try again.', 400);
      }
      const token = header(request, HEADER.token);
      let session: Session | undefined;
      if (token) {
        try {
          session = await options.sessions.resolve(token);
        } catch (error) {
          // A public call still works for a caller whose old token expired: it is answered as a visitor.
          if (definition.auth === 'player') throw error;
        }
      }
      if (definition.auth === 'player') {
        if (!session?.customerId) throw new CallError(GatewayCode.LoginRequired, 'login please', 401);
        if (!limiter.allow(session.customerId)) {
          throw new CallError(GatewayCode.TooManyRequests, 'Too many requests. Please wait a moment.', 429);
        }
      }
      request.session = session;

      const decrypted = decryptSensitive(request.body ?? {}, options.cipher);
      const result = await definition.body['~standard'].validate(decrypted);
      if (result.issues) throw new CallError(GatewayCode.InvalidRequest, issueMessage(result.issues[0]!), 400);
      const body = result.value;

      const data =
        definition.auth === 'player'
          ? await definition.handler({ body, request, reply, session: session!, customerId: session!.customerId! })
          : await definition.handler({ body, request, reply, session });
      // Compressed match lists answer binary deflate (spec §7): the handler sets the content type.
      if (Buffer.isBuffer(data)) return data;
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
