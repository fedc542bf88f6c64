import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The wire format of the transactional-mail API we send through (shaped like Postmark's and Mailgun's):
 * `POST /v1/messages` with a JSON message, signed with the account's API secret; the provider answers
 * 202 with its message id, then reports what became of the message (delivered, bounced) as signed
 * events POSTed to our `/webhooks/mail`. Both directions carry `X-Mail-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256 over "<t>.<raw body>">`, checked over the raw bytes and refused when older than
 * five minutes (a captured request cannot be replayed later).
 */

export const MAIL_SIGNATURE_HEADER = 'x-mail-signature';
export const MAIL_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** What the message is for (verification codes, account notices), for the provider's statistics. */
  tag: string;
}

export interface MailAccepted {
  id: string;
  status: 'queued';
}

export type MailEventType = 'delivered' | 'bounced';

export interface MailEvent {
  eventId: string;
  type: MailEventType;
  messageId: string;
  recipient: string;
  occurredAt: string;
  /** Why a bounce bounced, in the receiving server's words. */
  reason?: string;
}

/** The API secret of the simulated account, derived from the deployment's own secret (both sides hold it). */
export function mailApiSecret(deploymentSecret: string): string {
  return Buffer.from(hkdfSync('sha256', deploymentSecret, 'panalo-mail', 'mail-api:v1', 32)).toString('hex');
}

function digest(secret: string, t: string, raw: string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');
}

export function signMail(raw: string, secret: string, nowMs: number): string {
  const t = String(Math.floor(nowMs / 1000));
  return `t=${t},v1=${digest(secret, t, raw)}`;
}

export function checkMailSignature(header: string | undefined, raw: string, secret: string, nowMs: number): 'ok' | 'bad' | 'stale' {
  const fields = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = fields.get('t');
  const given = fields.get('v1');
  if (!t || !given || !/^\d+$/.test(t)) return 'bad';
  const expected = Buffer.from(digest(secret, t, raw));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'bad';
  return Math.abs(nowMs - Number(t) * 1000) > MAIL_SIGNATURE_TOLERANCE_MS ? 'stale' : 'ok';
}
