import type { HandoffAnswer, ResumeAnswer } from '../../../src/contract/partners';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { type Client, type SessionPolicy, consumeTicket, findById, issueTicket, logIn } from '../auth';

/** A hand-off link lives this long (and is spent by its first use). */
export const HANDOFF_MS = 10 * 60_000;
const PURPOSE = 'handoff';
/** The native app's scheme (docs/native-shell.md). */
export const APP_SCHEME = 'panalo';

/**
 * A flow the host's web view cannot run (the eKYC camera inside Maya) hands off to the browser or the
 * native app: a single-use link (≤ 10 minutes) that logs the same player in there and resumes the flow
 * where it stopped (the page's path and its own state, kept on our server, never in the link).
 */
export class HandoffService {
  constructor(private readonly options: { db: Database; policy: SessionPolicy }) {}

  async issue(customerId: number, body: { path: string; state: string }): Promise<HandoffAnswer> {
    const { ticket } = await issueTicket(this.options.db, {
      purpose: PURPOSE,
      ttlMs: HANDOFF_MS,
      customerId,
      subject: JSON.stringify({ path: body.path, state: body.state }),
    });
    const query = `handoff=${encodeURIComponent(ticket)}`;
    return {
      url: `${body.path}?${query}`,
      appUrl: `${APP_SCHEME}://open?path=${encodeURIComponent(body.path)}&${query}`,
      expiresIn: HANDOFF_MS / 1000,
    };
  }

  async resume(body: { ticket: string }, caller: { client: Client; sessionId: number | undefined }): Promise<ResumeAnswer> {
    const spent = await consumeTicket(this.options.db, PURPOSE, body.ticket);
    if (!spent?.customerId)
      throw new CallError(
        GatewayCode.TicketInvalid,
        'This link has expired or was already used. Please go back to the app you came from and tap Continue again.',
        401,
      );
    const { path, state } = JSON.parse(spent.subject) as { path: string; state: string };
    const customer = await findById(this.options.db, spent.customerId);
    const login = await logIn(this.options.db, this.options.policy, customer!, caller.client, caller.sessionId);
    return { ...login, path, state };
  }
}
