import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers } from '../../db/schema';
import type { SessionResolver } from '../../plugins/contract';

/**
 * Who a STOMP CONNECT token belongs to. An expired or unknown token still watches the public feed, as a
 * visitor; the API tells the player. A visitor token's session comes along (its support chat).
 */
export function socketPlayer(db: Queryable, sessions: SessionResolver) {
  return async (token: string | undefined): Promise<{ customerId: number | null; nickName: string; sessionId?: number }> => {
    if (!token) return { customerId: null, nickName: '' };
    const session = await sessions.resolve(token).catch(() => undefined);
    if (!session) return { customerId: null, nickName: '' };
    // A visitor's session: the connection hears that visitor's support chat (server/realtime/stomp/broker.ts).
    if (!session.customerId) return { customerId: null, nickName: '', sessionId: session.id };
    const [customer] = await db.select({ nickName: customers.nickName }).from(customers).where(eq(customers.id, session.customerId));
    return { customerId: session.customerId, nickName: customer?.nickName ?? 'Player', sessionId: session.id };
  };
}
