import { describe, expect, it } from 'vitest';
import { PlayerEvents } from '../../server/realtime/bus';
import { deliverPlayerEvents } from '../../server/realtime/playerQueues';
import type { EmbeddedBroker } from '../../server/realtime/stomp/broker';
import { isDepositCredited } from '../../src/realtime/hooks';

/**
 * A deposit credited is a meaningful action after which the Web Push opt-in may be offered (issue 38):
 * the balance push on /user/queue/balance says so, and the page reads it; any other balance change does not.
 */
describe('a deposit credited on /user/queue/balance', () => {
  it('is told with its cause, and read as a deposit by the page; other balance changes are not', () => {
    const events = new PlayerEvents();
    const sent: [number, string, string][] = [];
    const broker = { publishToUser: (customerId: number, queue: string, body: string) => sent.push([customerId, queue, body]) };
    const stop = deliverPlayerEvents(events, broker as unknown as EmbeddedBroker, () => ({}) as never);
    events.publish({ type: 'balance', customerId: 7, cause: 'deposit' });
    events.publish({ type: 'balance', customerId: 7 });
    stop();
    expect(sent.map(([customerId, queue]) => [customerId, queue])).toEqual([
      [7, 'balance'],
      [7, 'balance'],
    ]);
    const [deposit, other] = sent.map(([, , body]) => JSON.parse(body) as unknown);
    expect(isDepositCredited(deposit)).toBe(true);
    expect(isDepositCredited(other)).toBe(false);
    expect(isDepositCredited(null)).toBe(false);
    expect(isDepositCredited({ type: 'balance', cause: 'bet' })).toBe(false);
  });
});
