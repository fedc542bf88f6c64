import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The Sign header (spec §7): hex HMAC-SHA256 over body + Qid + AppId + version + token, keyed with the
 * app key. The body is the exact JSON text sent. Pure JS so it runs the same in a page served over plain
 * http on a LAN address (where WebCrypto is missing), in a worker and on the server.
 */
export interface SignInput {
  body: string;
  qid: string;
  appId: string;
  version: string;
  token: string;
}

export function signMessage(input: SignInput): string {
  return input.body + input.qid + input.appId + input.version + input.token;
}

export function computeSign(appKey: string, input: SignInput): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(appKey), utf8ToBytes(signMessage(input))));
}

/** Compares two hex signatures without leaking where they differ. */
export function signsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Header names of the call contract. */
export const HEADER = {
  token: 'token',
  sign: 'Sign',
  qid: 'Qid',
  appId: 'AppId',
  lang: 'lang',
  platform: 'platform',
  deviceId: 'deviceId',
  container: 'container',
  package: 'package',
  domainName: 'domainName',
  pathname: 'pathname',
  idempotencyKey: 'Idempotency-Key',
} as const;

/** The meta tag through which the server hands the page its deployment's app key. */
export const APP_KEY_META = 'panalo-app-key';
