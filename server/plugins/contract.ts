import { createHmac } from 'node:crypto';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix, MAIN_SUCCESS_CODE, makeEnvelope } from '../../src/contract/envelopes';
import { GatewayCode } from '../../src/contract/errorCodes';
import { VALIDATION_MESSAGES } from '../../src/contract/forms';
import { HEADER, signMessage, signsEqual } from '../../src/contract/sign';
import { IDENTITY_FIELDS, SENSITIVE_FIELDS } from '../../src/contract/user';
import { config as zodConfig } from 'zod/mini';
import { CallError } from '../lib/errors';
import { controlCharacterAt } from '../lib/text';
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
  /** What the session may do (set at login); null or absent: everything. */
  scope?: SessionScope;
  /** The partner host the session was opened through ('' or absent: the web); the per-host kill switch reads it. */
  host?: string;
}

/** 'withdraw': only the calls a scope rule allows (responsible gaming: a break, an exclusion, a restriction). */
export type SessionScope = 'withdraw' | null;

/**
 * The rule of a session scope, registered by the module that owns it: which player calls it allows (every
 * other is refused, so a call added later is refused too until allowed), and the refusal's words.
 */
export interface ScopeRule {
  allows(call: RegisteredCall): boolean;
  refusal(customerId: number): Promise<Error>;
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
    call<S extends StandardSchemaV1, A = unknown>(definition: CallDefinition<S, A>): void;
    /** Every call registered so far: the access-control and fuzz tests walk it, so a new call is covered. */
    readonly calls: readonly RegisteredCall[];
    /** Every other route with a path parameter (such as /media/avatar/:key), for the access-control test. */
    readonly parameterRoutes: readonly { method: string; url: string }[];
    /**
     * The check behind a requirement that calls declare (`requires`), registered by the module that owns
     * the rule; it throws a CallError to refuse. A call whose requirement has no check is refused (500).
     */
    requirement(name: CallRequirement, check: RequirementCheck): void;
    /** The rule of a session scope (default deny: a scoped session's player call no rule allows is refused). */
    sessionScope(scope: Exclude<SessionScope, null>, rule: ScopeRule): void;
  }
}

/**
 * Rules of the system that whole families of calls obey, declared on each call and checked by the
 * contract before its handler runs:
 * - `kycVerified`: every bet and every deposit; past the KYC days of registration an unverified player is
 *   refused (GW_800460, spec §5; server/modules/kyc).
 * - `faceCheck:withdraw`: every withdrawal; an approved player due a periodic face check is refused
 *   until it passes ('Verification Required', GW_800603).
 */
export type CallRequirement = 'kycVerified' | 'faceCheck:withdraw';

export type RequirementCheck = (ctx: { customerId: number; request: FastifyRequest }) => Promise<void>;

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

/** A call for whoever holds a session, a visitor's (customerId null) or a player's (auth: 'session'). */
export interface SessionCallContext<Body> extends CallContext<Body> {
  session: Session;
  customerId: number | null;
}

export interface IdempotentCallContext<Body> extends PlayerCallContext<Body> {
  /** The caller's Idempotency-Key header, checked by the contract (8 to 80 letters, digits, - or _). */
  idempotencyKey: string;
}

/** What a handler may answer: the answer schema's type (a Buffer for the binary calls that set their own type). */
type Answer<A> = NoInfer<A> | Buffer | Promise<NoInfer<A> | Buffer>;

interface BaseDefinition<S extends StandardSchemaV1, A> {
  prefix: ApiPrefix;
  /** The call name after the prefix, exactly as the spec names it, e.g. `front/siteinfo`. */
  name: string;
  body: S;
  /**
   * The answer's schema (src/contract/answers): the handler's type follows from it, and outside
   * production every answer is checked against it before it is sent (a mismatch is a 500, so a test
   * catches it).
   */
  answer?: StandardSchemaV1<unknown, A>;
  /** A tighter per-address limit than the global one (@fastify/rate-limit route config). */
  rateLimit?: { max: number; timeWindow: string };
  /** Rules the player must meet before the handler runs (player calls only; see CallRequirement). */
  requires?: readonly CallRequirement[];
}

export type CallDefinition<S extends StandardSchemaV1, A = unknown> =
  | (BaseDefinition<S, A> & {
      auth: 'public';
      idempotent?: false;
      handler: (ctx: CallContext<StandardSchemaV1.InferOutput<S>>) => Answer<A>;
    })
  | (BaseDefinition<S, A> & {
      auth: 'player';
      idempotent?: false;
      handler: (ctx: PlayerCallContext<StandardSchemaV1.InferOutput<S>>) => Answer<A>;
    })
  | (BaseDefinition<S, A> & {
      /**
       * A visitor (with the token webToken gave it) or a player: the call needs a session, whoever's, and
       * gets its identity from it only, as a player call does (the support chat, issue 37).
       */
      auth: 'session';
      idempotent?: false;
      requires?: never;
      handler: (ctx: SessionCallContext<StandardSchemaV1.InferOutput<S>>) => Answer<A>;
    })
  | (BaseDefinition<S, A> & {
      auth: 'player';
      /**
       * Moves money: the call needs an Idempotency-Key header, which the contract checks and hands the
       * handler as `idempotencyKey` (for `withIdempotency`, wallet/ledger.ts).
       */
      idempotent: true;
      handler: (ctx: IdempotentCallContext<StandardSchemaV1.InferOutput<S>>) => Answer<A>;
    });

/** What the registry keeps of a call. */
export interface RegisteredCall {
  prefix: ApiPrefix;
  name: string;
  url: string;
  auth: 'public' | 'player' | 'session';
  body: StandardSchemaV1;
  /** Whether the call needs an Idempotency-Key header. */
  idempotent: boolean;
  /** The answer's schema, when the call declares one. */
  answer: StandardSchemaV1 | undefined;
  /** The rules checked before its handler (tests walk them: every bet and deposit call needs kycVerified). */
  requires: readonly CallRequirement[];
}

/** Arrays and objects nest at most this deep in a call's body; no call of the contract needs more than a few. */
export const MAX_BODY_DEPTH = 32;

/**
 * How deep the JSON text nests, counted without parsing (so a hostile body never reaches a recursive
 * walker); stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * One rule for every string of every call (server/lib/text): a control character anywhere in a body
 * (NUL, which PostgreSQL refuses, and the like) is refused, naming the field, before the call's schema
 * and handler, so nothing reaches the database.
 */
function refuseControlCharacters(request: FastifyRequest, call: string, body: unknown): void {
  const field = controlCharacterAt(body);
  if (field === undefined) return;
  request.log.info({ call, field }, 'call refused: a control character in its text');
  throw new CallError(GatewayCode.InvalidRequest, field ? `${field}: ${VALIDATION_MESSAGES.control}` : VALIDATION_MESSAGES.control, 400);
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
  // The contract's Sign (src/contract/sign.ts computeSign) with Node's own HMAC: the same bytes, several
  // times faster than the pure-JS one the page needs.
  const expected = createHmac('sha256', appKey)
    .update(
      signMessage({
        body: request.rawBody ?? '',
        qid: header(request, HEADER.qid),
        appId: header(request, HEADER.appId),
        version: APP_VERSION,
        token: header(request, HEADER.token),
      }),
    )
    .digest('hex');
  return signsEqual(sign, expected);
}

/**
 * A refusal the schema did not word for the player ('Too small: expected string to have >=16
 * characters') carries the key `invalid` instead: schema-level messages (message keys of the forms, or a
 * sentence such as 'The picture is too large.') still win over this default. The field and the kind of
 * refusal (`invalid (too_small)`) go to the log.
 */
zodConfig({ customError: (issue) => `invalid (${issue.code})` });

/** The Idempotency-Key header of a money-moving call; refused with the usual GW_ code when missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = header(request, HEADER.idempotencyKey);
  if (!/^[\w-]{8,80}$/.test(key)) {
    throw new CallError(
      GatewayCode.InvalidRequest,
      'This call moves money: it needs an Idempotency-Key header (8 to 80 letters, digits, - or _).',
      400,
    );
  }
  return key;
}

function issuePath(issue: StandardSchemaV1.Issue): string {
  return (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)).join('.');
}

/** What the log keeps of a refusal by a schema: the call, the first field and the kind of refusal. */
function issuesForLog(call: string, issues: readonly StandardSchemaV1.Issue[]) {
  const issue = issues[0]!;
  return { call, field: issuePath(issue), issue: issue.message, issues: issues.length };
}

const TOO_MANY = 'Too many requests. Please wait a moment.';

/** Our failure, in the player's words, with the request id that finds it in the log. */
const somethingWentWrong = (request: FastifyRequest) => `Something went wrong on our side (ref ${request.id}). Please try again.`;

/** Turns a validation issue into the words a player reads (the schemas carry message keys). */
function issueMessage(issue: StandardSchemaV1.Issue): string {
  if (issue.message.startsWith('invalid')) return VALIDATION_MESSAGES.invalid;
  const key = issue.message as keyof typeof VALIDATION_MESSAGES;
  const text = VALIDATION_MESSAGES[key] ?? issue.message;
  const path = issuePath(issue);
  return path ? `${path}: ${text}` : text;
}

/**
 * A player's call never names whose data it touches: the identity fields the client adds to every body
 * (and any a caller invents) are removed, so the handler can only use the session's player.
 */
function withoutIdentity(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = { ...(body as Record<string, unknown>) };
  for (const field of IDENTITY_FIELDS) delete record[field];
  return record;
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

export interface ContractOptions {
  appKey: string;
  cipher: FieldCipher;
  sessions: SessionResolver;
  accountCallsPerMinute: number;
  /** Check every answer against its call's answer schema before sending it (development and tests). */
  checkAnswers: boolean;
}

async function contract(app: FastifyInstance, options: ContractOptions) {
  // Per-player limit, in the same store as the per-address ones (shared by every instance on PostgreSQL).
  const accountLimit = app.createRateLimit({
    max: options.accountCallsPerMinute,
    timeWindow: '1 minute',
    // A visitor's session calls (auth 'session') count under the session.
    keyGenerator: (request) =>
      request.session?.customerId ? `player:${request.session.customerId}` : `session:${request.session?.id ?? ''}`,
  });
  const registry: RegisteredCall[] = [];
  app.decorate('calls', registry);
  const parameterRoutes: { method: string; url: string }[] = [];
  app.decorate('parameterRoutes', parameterRoutes);
  const requirements = new Map<CallRequirement, RequirementCheck>();
  app.decorate('requirement', (name: CallRequirement, check: RequirementCheck) => {
    if (requirements.has(name)) throw new Error(`requirement ${name} already has its check`);
    requirements.set(name, check);
  });
  const scopes = new Map<Exclude<SessionScope, null>, ScopeRule>();
  app.decorate('sessionScope', (scope: Exclude<SessionScope, null>, rule: ScopeRule) => {
    if (scopes.has(scope)) throw new Error(`session scope ${scope} already has its rule`);
    scopes.set(scope, rule);
  });
  app.addHook('onRoute', (route) => {
    if (route.url.includes(':') || route.url.includes('*')) {
      for (const method of [route.method].flat()) parameterRoutes.push({ method, url: route.url });
    }
  });

  // Keep the exact body text: the Sign covers it byte for byte.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2_097_152 }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH)) {
      done(new CallError(GatewayCode.InvalidRequest, 'The request is not valid.', 400), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new CallError(GatewayCode.InvalidRequest, 'The request body is not valid JSON.', 400), undefined);
    }
  });

  /** Outside production: an answer that does not match its schema is our bug, refused before it reaches a player. */
  async function checkAnswer(definition: CallDefinition<StandardSchemaV1, unknown>, request: FastifyRequest, data: unknown) {
    if (!options.checkAnswers || !definition.answer || Buffer.isBuffer(data)) return;
    const result = await definition.answer['~standard'].validate(data ?? null);
    if (!result.issues) return;
    request.log.error(issuesForLog(definition.name, result.issues), 'answer does not match its schema');
    throw new CallError(GatewayCode.Internal, somethingWentWrong(request), 500);
  }

  app.decorate('call', function call<S extends StandardSchemaV1, A>(this: FastifyInstance, definition: CallDefinition<S, A>) {
    const url = `${API_PREFIXES[definition.prefix]}/${definition.name}`;
    const registered: RegisteredCall = {
      prefix: definition.prefix,
      name: definition.name,
      url,
      auth: definition.auth,
      body: definition.body,
      idempotent: definition.idempotent === true,
      answer: definition.answer,
      requires: definition.requires ?? [],
    };
    registry.push(registered);
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
      request.session = session;
      if (definition.auth === 'session' && !session) {
        throw new CallError(GatewayCode.TokenInvalid, 'Your session is not valid. Please refresh the page.', 401);
      }
      if (definition.auth !== 'public') {
        if (definition.auth === 'player' && !session?.customerId) throw new CallError(GatewayCode.LoginRequired, 'login please', 401);
        if (definition.auth === 'player' && session?.customerId && session.scope) {
          // A scoped session (responsible gaming: withdraw only) reaches only the player calls its rule allows.
          const rule = scopes.get(session.scope);
          if (!rule) throw new CallError(GatewayCode.Internal, somethingWentWrong(request), 500);
          if (!rule.allows(registered)) throw await rule.refusal(session.customerId);
        }
        // (isAllowed means "not counted"; a counted call is refused only once it exceeds the limit.)
        const counted = await accountLimit(request);
        if (!counted.isAllowed && counted.isExceeded) {
          throw new CallError(GatewayCode.TooManyRequests, TOO_MANY, 429);
        }
      }

      const received = definition.auth !== 'public' ? withoutIdentity(request.body ?? {}) : (request.body ?? {});
      refuseControlCharacters(request, definition.name, received);
      const decrypted = decryptSensitive(received, options.cipher);
      // And what the sensitive fields held under their encryption.
      refuseControlCharacters(request, definition.name, decrypted);
      const result = await definition.body['~standard'].validate(decrypted);
      if (result.issues) {
        request.log.info(issuesForLog(definition.name, result.issues), 'call refused by its schema');
        throw new CallError(GatewayCode.InvalidRequest, issueMessage(result.issues[0]!), 400);
      }
      const body = result.value;

      for (const name of definition.requires ?? []) {
        const check = requirements.get(name);
        // A rule nobody checks must not pass silently: fail closed.
        if (!check || !session?.customerId) {
          request.log.error({ call: definition.name, requirement: name }, 'call requirement without a check');
          throw new CallError(GatewayCode.Internal, somethingWentWrong(request), 500);
        }
        await check({ customerId: session.customerId, request });
      }

      let data: unknown;
      if (definition.auth === 'public') data = await definition.handler({ body, request, reply, session });
      else if (definition.auth === 'session')
        data = await definition.handler({ body, request, reply, session: session!, customerId: session!.customerId });
      else {
        const player = { body, request, reply, session: session!, customerId: session!.customerId! };
        data = definition.idempotent
          ? await definition.handler({ ...player, idempotencyKey: idempotencyKeyOf(request) })
          : await definition.handler(player);
      }
      await checkAnswer(definition as CallDefinition<StandardSchemaV1, unknown>, request, data);
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
      return reply.status(429).send(makeEnvelope(prefix, GatewayCode.TooManyRequests, TOO_MANY, null));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(makeEnvelope(prefix, GatewayCode.InvalidRequest, 'The request is not valid.', null));
    }
    // Never a stack trace to the caller: the details are in the log under the request id.
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(makeEnvelope(prefix, GatewayCode.Internal, somethingWentWrong(request), null));
  });
}

// Its per-player limit lives in the rate-limit store.
export const contractPlugin = fp(contract, { name: 'contract', dependencies: ['@fastify/rate-limit'] });
