/**
 * The HTTP client of the call contract (spec §7, §8): POST JSON to the four prefixes, body enrichment,
 * the contract headers and the Sign, both envelopes, timeouts, rate limits, 502 retries and the error
 * catalogue. Everything it needs from the app comes in through `ApiEnvironment` and everything it does
 * to the screen goes out through `ApiEffects`, so the tests drive it with a fake fetch and fake time.
 */
import { COMBO_REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from '../contract/constants';
import { API_PREFIXES, type ApiPrefix, type NormalizedResponse, isSuccessCode, readEnvelope } from '../contract/envelopes';
import { type Caller, callBody, headersWithSign, signInputOf } from '../contract/request';
import { GatewayCode } from '../contract/errorCodes';
import { SENSITIVE_FIELDS } from '../contract/user';
import { type Behaviour, type KycNeed, behaviourFor } from './catalogue';
import { signAsync } from './sign';

export const SUPPORTED_LANGUAGES = ['en', 'cn'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Thrown before anything is sent when the language is not en or cn (spec §5). */
export class WrongLanguageError extends Error {
  constructor(language: string) {
    super('wrong language');
    this.name = 'WrongLanguageError';
    this.language = language;
  }
  readonly language: string;
}

export type ApiErrorKind = 'server' | 'http' | 'timeout' | 'network' | 'aborted' | 'insecure';

/** A failed call. `handled` says whether the player was already told (toast, dialog) by the client. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: string,
    message: string,
    readonly handled: boolean,
    readonly data: unknown = undefined,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiEnvironment {
  appKey(): string;
  /** The session or visitor token; '' before one is fetched. */
  token(): string;
  identity(): { loginName?: string | undefined; customerId?: string | undefined };
  language(): string;
  deviceId(): string;
  /** `client` body field and `platform` header (spec §6: viber hosts are BOT_VIBER). */
  clientTags(): { client: string; platform: string };
  /** Where the app runs: browser, pwa (installed), native, miniapp. */
  container(): string;
  /** The native or partner package name, '' in a browser. */
  packageName(): string;
  domainName(): string;
  pathname(): string;
  /** The player is on a game page (spec §8: GW_510520 is not shown in game). */
  inGame(): boolean;
  newRequestId(): string;
  fetch: typeof fetch;
  /**
   * Encrypts one sensitive field (spec §5) with the server's public key. The client applies it to every
   * field named in SENSITIVE_FIELDS before signing, so no call can forget it.
   */
  encryptField(value: string): Promise<string>;
  /**
   * A visitor token when there is none: the fetch in flight awaited, or a new one. A call a new visitor
   * sent before it arrived, refused for having no session, is sent again once with it (never "Session
   * expired" to someone who never had one). Absent: no call is sent again.
   */
  visitorToken?(): Promise<void>;
}

export interface ApiEffects {
  toast(tone: 'fail' | 'info', message: { key?: string; text?: string; code?: string }): void;
  alert(dialog: { titleKey: string; messageKey: string; confirmKey: string }): void;
  frequentRequest(): void;
  resetToken(code: string): void;
  mobileChanged(): void;
  loginRequired(message: string): void;
  blacklist(): void;
  /** A KYC step must come first (catalogue KycNeed); `message` is the server's words. */
  kyc(need: KycNeed, message: string, path: string): void;
  /** A responsible-gaming refusal, in the server's words; `endsSession`: this login ended too. */
  responsibleGaming(message: string, endsSession: boolean): void;
  debugDump(dump: { path: string; requestId: string; body: unknown; response: unknown }): void;
}

export interface CallOptions {
  /** Milliseconds before the call is abandoned with 'Request timed out'. */
  timeoutMs?: number;
  /** Sent as the Idempotency-Key header; money-moving calls must carry one (ARCHITECTURE "The contract"). */
  idempotencyKey?: string;
  /** Skip every effect: the caller handles failures itself (statistics, background polls). */
  quiet?: boolean;
  /** Send the body as given, without loginName, productId, tenant, client and customerId. */
  skipEnrichment?: boolean;
  signal?: AbortSignal;
}

/** After this many 502 answers in a row the call gives up and tells the player. */
export const BAD_GATEWAY_ATTEMPTS = 3;
/** Waits between 502 retries, in milliseconds. */
export const BAD_GATEWAY_BACKOFF_MS = [1_000, 2_000] as const;
/** The 502 message is shown at most once in this window however many calls fail. */
export const BAD_GATEWAY_TOAST_WINDOW_MS = 10_000;

/** Calls with the combo timeout (spec §9: 60 s). */
function defaultTimeout(path: string): number {
  return path.startsWith('sabaCombo/') ? COMBO_REQUEST_TIMEOUT_MS : DEFAULT_REQUEST_TIMEOUT_MS;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError('aborted', 'aborted', 'aborted', true));
      },
      { once: true },
    );
  });
}

export interface ApiClient {
  /** Calls and resolves with the answer's data. */
  call<T = unknown>(prefix: ApiPrefix, path: string, body?: Record<string, unknown>, options?: CallOptions): Promise<T>;
  /** Calls and resolves with code, message and data (for callers that read a data-returning code). */
  request<T = unknown>(
    prefix: ApiPrefix,
    path: string,
    body?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<NormalizedResponse<T>>;
}

/** Who is calling now, read from the app at each call (a login or a new page changes it). */
export function callerOf(env: ApiEnvironment): Caller {
  const tags = env.clientTags();
  return {
    appKey: env.appKey(),
    token: env.token(),
    language: env.language(),
    deviceId: env.deviceId(),
    client: tags.client,
    platform: tags.platform,
    container: env.container(),
    packageName: env.packageName(),
    domainName: env.domainName(),
    pathname: env.pathname(),
  };
}

export function createApiClient(env: ApiEnvironment, effects: ApiEffects): ApiClient {
  let lastBadGatewayToast = Number.NEGATIVE_INFINITY;

  async function encryptSensitive(body: Record<string, unknown>, quiet: boolean): Promise<Record<string, unknown>> {
    const fields = SENSITIVE_FIELDS.filter((field) => typeof body[field] === 'string' && body[field] !== '');
    if (fields.length === 0) return body;
    const encrypted = { ...body };
    try {
      for (const field of fields) encrypted[field] = await env.encryptField(body[field] as string);
    } catch {
      // WebCrypto exists only on secure pages (https, or localhost while developing).
      if (!quiet) effects.toast('fail', { key: 'errors.insecure' });
      throw new ApiError('insecure', 'insecure', 'encryption unavailable', !quiet);
    }
    return encrypted;
  }

  function enrich(body: Record<string, unknown>): Record<string, unknown> {
    return callBody(body, env.clientTags(), env.identity());
  }

  async function headersFor(bodyText: string, requestId: string, language: Language, idempotencyKey?: string): Promise<Headers> {
    const caller = callerOf(env);
    const sign = await signAsync(caller.appKey, signInputOf(bodyText, requestId, caller));
    return new Headers(headersWithSign(sign, requestId, caller, { language, idempotencyKey }));
  }

  function carryOut(behaviour: Behaviour, response: NormalizedResponse, path: string, requestId: string, body: unknown): boolean {
    switch (behaviour.kind) {
      case 'toast':
        effects.toast(behaviour.tone, {
          ...(behaviour.messageKey ? { key: behaviour.messageKey } : {}),
          text: response.message,
          ...(behaviour.withCode ? { code: response.code } : {}),
        });
        return true;
      case 'alert':
        effects.alert(behaviour);
        return true;
      case 'resetToken':
        effects.resetToken(response.code);
        return true;
      case 'mobileChanged':
        effects.mobileChanged();
        return true;
      case 'loginRequired':
        effects.loginRequired(response.message);
        return true;
      case 'blacklist':
        effects.blacklist();
        return true;
      case 'kyc':
        effects.kyc(behaviour.need, response.message, path);
        return true;
      case 'responsibleGaming':
        effects.responsibleGaming(response.message, behaviour.endsSession);
        return true;
      case 'debugDump':
        effects.debugDump({ path, requestId, body, response });
        return true;
      case 'silent':
        return true;
      default:
        return false;
    }
  }

  async function send(
    prefix: ApiPrefix,
    path: string,
    bodyText: string,
    requestId: string,
    language: Language,
    options: CallOptions,
  ): Promise<Response> {
    const timeoutMs = options.timeoutMs ?? defaultTimeout(path);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      return await env.fetch(`${API_PREFIXES[prefix]}/${path}`, {
        method: 'POST',
        headers: await headersFor(bodyText, requestId, language, options.idempotencyKey),
        body: bodyText,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (timedOut) {
        if (!options.quiet) effects.toast('fail', { key: 'errors.timeout' });
        throw new ApiError('timeout', 'timeout', 'Request timed out', !options.quiet);
      }
      if (options.signal?.aborted) throw new ApiError('aborted', 'aborted', 'aborted', true);
      // Network errors are silent (spec §8): the player is offline or the radio dropped a packet.
      throw new ApiError('network', 'network', error instanceof Error ? error.message : 'network error', true);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function request<T>(
    prefix: ApiPrefix,
    path: string,
    body: Record<string, unknown> = {},
    options: CallOptions = {},
    againWithVisitorToken = true,
  ): Promise<NormalizedResponse<T>> {
    const language = env.language();
    const tokenSent = env.token();
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language)) throw new WrongLanguageError(language);
    const quiet = options.quiet === true;
    const payload = await encryptSensitive(options.skipEnrichment ? body : enrich(body), quiet);
    const bodyText = JSON.stringify(payload);

    let response: Response;
    let requestId: string;
    for (let attempt = 1; ; attempt++) {
      // Each attempt is its own request with its own Qid; the idempotency key makes retries safe.
      requestId = env.newRequestId();
      response = await send(prefix, path, bodyText, requestId, language as Language, options);
      if (response.status !== 502) break;
      if (attempt >= BAD_GATEWAY_ATTEMPTS) {
        const now = Date.now();
        const show = !quiet && now - lastBadGatewayToast >= BAD_GATEWAY_TOAST_WINDOW_MS;
        if (show) {
          lastBadGatewayToast = now;
          effects.toast('fail', { key: 'errors.badGateway' });
        }
        throw new ApiError('http', '502', 'Bad gateway', !quiet, undefined, 502);
      }
      await delay(BAD_GATEWAY_BACKOFF_MS[Math.min(attempt, BAD_GATEWAY_BACKOFF_MS.length) - 1] ?? 1_000, options.signal);
    }

    if (response.status === 429 || response.status === 439) {
      if (!quiet) effects.frequentRequest();
      throw new ApiError('http', String(response.status), 'Too many requests', !quiet, undefined, response.status);
    }

    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    const envelope = readEnvelope<T>(parsed);
    if (!envelope) {
      // Not an answer of ours (a proxy's error page, a cut connection): tell the player in plain words.
      if (!quiet) effects.toast('fail', { key: 'errors.badGateway' });
      throw new ApiError('http', String(response.status), `HTTP ${response.status}`, !quiet, undefined, response.status);
    }
    if (isSuccessCode(envelope.code)) return envelope;

    const behaviour = behaviourFor(envelope.code, { path, inGame: env.inGame() });
    if (behaviour.kind === 'success' || behaviour.kind === 'data') return envelope;
    if (envelope.code === GatewayCode.TokenInvalid && tokenSent === '' && againWithVisitorToken && env.visitorToken) {
      await env.visitorToken();
      if (env.token()) return request<T>(prefix, path, body, options, false);
    }
    const handled = quiet ? false : carryOut(behaviour, envelope, path, requestId, payload);
    throw new ApiError('server', envelope.code, envelope.message, handled, envelope.data, response.status);
  }

  return {
    request,
    async call<T>(prefix: ApiPrefix, path: string, body?: Record<string, unknown>, options?: CallOptions): Promise<T> {
      return (await request<T>(prefix, path, body, options)).data;
    },
  };
}
