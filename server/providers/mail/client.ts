import type { MailProvider } from '../messaging';
import { type MailAccepted, type MailMessage, signMail } from './api';

/** The provider refused the message (an address it will not send to) or could not be reached. */
export class MailNotSentError extends Error {
  constructor(
    readonly reason: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'MailNotSentError';
  }
}

/** How a request reaches the provider: over HTTP for a real one, in-process for the simulator. */
export type MailTransport = (request: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number; body: string }>;

/**
 * Our side of the transactional-mail API (api.ts): builds the message, signs it and sends it. A 4xx is
 * the provider refusing the address; anything else unanswered means it is unavailable.
 */
export function mailApiClient(options: { transport: MailTransport; secret: string; from: string; now: () => number }): MailProvider {
  return {
    async send(to, subject, text) {
      const message: MailMessage = { from: options.from, to, subject, text, tag: 'account' };
      const body = JSON.stringify(message);
      let answer: { status: number; body: string };
      try {
        answer = await options.transport({
          path: '/v1/messages',
          headers: { 'content-type': 'application/json', 'x-mail-signature': signMail(body, options.secret, options.now()) },
          body,
        });
      } catch (error) {
        throw new MailNotSentError('unavailable', `mail provider unreachable: ${String(error)}`);
      }
      if (answer.status === 202) {
        const accepted = JSON.parse(answer.body) as MailAccepted;
        if (accepted.status === 'queued') return;
      }
      throw new MailNotSentError(
        answer.status >= 400 && answer.status < 500 ? 'refused' : 'unavailable',
        `mail provider answered ${answer.status}`,
      );
    },
  };
}
