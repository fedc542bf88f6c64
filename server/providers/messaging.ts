import type { Database } from '../db';
import { outbox } from '../db/schema';

/**
 * Outside parties that carry codes to players. A real SMS gateway or mail service implements the same
 * interface; the default writes each message to the outbox table, which the development page
 * /dev/outbox lists (absent in production mode).
 */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export interface MailProvider {
  send(to: string, subject: string, text: string): Promise<void>;
}

export function outboxSms(db: Database): SmsProvider {
  return {
    async send(to, text) {
      await db.insert(outbox).values({ channel: 'sms', recipient: to, body: text });
    },
  };
}

export function outboxMail(db: Database): MailProvider {
  return {
    async send(to, subject, text) {
      await db.insert(outbox).values({ channel: 'email', recipient: to, body: `${subject}\n\n${text}` });
    },
  };
}
