/**
 * The call contract (spec §7, ARCHITECTURE "The contract"): four URL prefixes, two envelopes.
 * Shared by the client, the worker and the server.
 */

export const API_PREFIXES = {
  /** Main API: head/body envelope. */
  main: '/api/main',
  /** Front API: code/msg/data envelope. */
  front: '/api/front',
  /** Third-party (betting) API: code/msg/data envelope. */
  tp: '/api/tp',
  /** Push API: code/msg/data envelope. */
  push: '/api/push',
} as const;
export type ApiPrefix = keyof typeof API_PREFIXES;

/** Main API envelope. */
export interface MainEnvelope<T = unknown> {
  head: { errCode: string; errMsg: string };
  body: T;
}

/** Front, betting and push API envelope. */
export interface CodeEnvelope<T = unknown> {
  code: number | string;
  msg: string;
  data: T;
}

export type Envelope<T = unknown> = MainEnvelope<T> | CodeEnvelope<T>;

export const MAIN_SUCCESS_CODE = '0000';
export const CODE_SUCCESS = 0;

/** Which envelope a prefix answers with. */
export function envelopeKind(prefix: ApiPrefix): 'main' | 'code' {
  return prefix === 'main' ? 'main' : 'code';
}

/** Success is '0000' or 0 (a string '0' from a lenient gateway counts too). */
export function isSuccessCode(code: string | number): boolean {
  return code === MAIN_SUCCESS_CODE || code === CODE_SUCCESS || code === '0';
}

export interface NormalizedResponse<T = unknown> {
  code: string;
  message: string;
  data: T;
}

/**
 * Reads either envelope into one shape; answers undefined for anything that is neither, so a proxy's
 * HTML error page or a truncated body is never mistaken for an answer.
 */
export function readEnvelope<T = unknown>(value: unknown): NormalizedResponse<T> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const head = record['head'];
  if (typeof head === 'object' && head !== null && 'errCode' in head) {
    const { errCode, errMsg } = head as { errCode: unknown; errMsg: unknown };
    if (typeof errCode !== 'string' && typeof errCode !== 'number') return undefined;
    return { code: String(errCode), message: typeof errMsg === 'string' ? errMsg : '', data: record['body'] as T };
  }
  const code = record['code'];
  if (typeof code === 'string' || typeof code === 'number') {
    const msg = record['msg'];
    return { code: String(code), message: typeof msg === 'string' ? msg : '', data: record['data'] as T };
  }
  return undefined;
}

/** Builds the envelope a prefix answers with. */
export function makeEnvelope<T>(prefix: ApiPrefix, code: string, message: string, data: T): Envelope<T> {
  if (envelopeKind(prefix) === 'main') {
    return { head: { errCode: code, errMsg: message }, body: data };
  }
  const numeric = code === MAIN_SUCCESS_CODE ? CODE_SUCCESS : code;
  return { code: numeric, msg: message, data };
}
