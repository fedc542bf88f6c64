import type { LoginResult } from '../../../src/contract/auth';
import type { BotStatusAnswer } from '../../../src/contract/partners';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { type Client, type SessionPolicy, consumeTicket, findById, findByPhone, issueTicket, logIn } from '../auth';
import { link, linkOf, linkedCustomer, unlink } from './repository';

/**
 * The messaging bot (Viber style, spec §2 sessionId + relogin, §6): the bot runs on our side. A player
 * who shares their phone number with the bot (Viber's share-phone button) is bound by it; each button the
 * bot sends carries a fresh single-use sessionId (≤ 10 minutes) that viberCheckBind exchanges for a login.
 */
export const BOT_SESSION_MS = 10 * 60_000;
const PURPOSE = 'viber';

export class BotService {
  constructor(private readonly options: { db: Database; policy: SessionPolicy; botUrl: string }) {}

  /** The bot heard a shared phone number: binds the Viber user to the account with that number. */
  async bindByPhone(viberUserId: string, phone: string): Promise<boolean> {
    const customer = await findByPhone(this.options.db, phone);
    if (!customer) return false;
    await link(this.options.db, 'viber', viberUserId, customer.id);
    return true;
  }

  /** A button's sessionId for a bound Viber user; undefined when the user is not bound. */
  async sessionFor(viberUserId: string): Promise<string | undefined> {
    const customerId = await linkedCustomer(this.options.db, 'viber', viberUserId);
    if (customerId === undefined) return undefined;
    const { ticket } = await issueTicket(this.options.db, { purpose: PURPOSE, ttlMs: BOT_SESSION_MS, customerId, subject: viberUserId });
    return ticket;
  }

  /** viberCheckBind: the sessionId once, within its 10 minutes; a replay or a forgery gets the same refusal. */
  async checkBind(
    body: { sessionId: string; relogin?: string | undefined },
    caller: { client: Client; sessionId: number | undefined },
  ): Promise<LoginResult> {
    const spent = await consumeTicket(this.options.db, PURPOSE, body.sessionId);
    if (!spent?.customerId)
      throw new CallError(
        GatewayCode.TicketInvalid,
        'This Viber link has expired or was already used. Please tap the button in the Panalo bot again.',
        401,
      );
    // A link sent before the player unlinked the bot (/bobotSwitch) opens nothing.
    if ((await linkedCustomer(this.options.db, PURPOSE, spent.subject)) !== spent.customerId)
      throw new CallError(
        GatewayCode.TicketInvalid,
        'This Viber link no longer works: the Panalo bot was unlinked from the account. Share your number with the bot again to link it.',
        401,
      );
    const customer = await findById(this.options.db, spent.customerId);
    return logIn(this.options.db, this.options.policy, customer!, caller.client, caller.sessionId, 'viber');
  }

  /** /bobotSwitch: whether the bot is linked to this account, and where to open the bot. */
  async status(customerId: number): Promise<BotStatusAnswer> {
    const row = await linkOf(this.options.db, PURPOSE, customerId);
    return { linked: row !== undefined, linkedAt: row?.createdAt.toISOString() ?? '', botUrl: this.options.botUrl };
  }

  /** Unlinks the bot from this account: its unused links stop working (checkBind asks for the link). */
  async unlink(customerId: number): Promise<BotStatusAnswer> {
    await unlink(this.options.db, PURPOSE, customerId);
    return this.status(customerId);
  }
}
