import type { FastifyBaseLogger } from 'fastify';
import type { Broker, SessionEndedNotice } from './stomp/broker';

/**
 * The backstop behind the bus: every `everyMs` this instance looks up the login sessions of its open
 * sockets (up to `batch` of them, in one query, taking turns when there are more) and ends the sockets of
 * sessions that ended without the bus telling it: idle or absolute expiry, a revocation on an instance
 * the bus did not reach. Visitor sockets have no session and are never looked up.
 */
export interface SessionWatchOptions {
  broker: Pick<Broker, 'openSessions' | 'endSessions'>;
  /** Which of these sessions have ended, and why (one query). */
  ended(sessionIds: readonly number[]): Promise<{ sessionId: number; reason: string }[]>;
  notice(reason: string): SessionEndedNotice;
  everyMs: number;
  batch: number;
  log?: FastifyBaseLogger;
}

/** The next `batch` sessions after `cursor`, in id order, wrapping around. */
export function nextBatch(open: readonly number[], cursor: number, batch: number): number[] {
  const sorted = [...open].sort((a, b) => a - b);
  if (sorted.length <= batch) return sorted;
  const after = sorted.filter((id) => id > cursor);
  return after.length >= batch ? after.slice(0, batch) : [...after, ...sorted.slice(0, batch - after.length)];
}

export function watchSessions(options: SessionWatchOptions): { stop(): Promise<void> } {
  let cursor = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function check(): Promise<void> {
    const due = nextBatch(options.broker.openSessions(), cursor, options.batch);
    if (due.length === 0) return;
    cursor = due[due.length - 1]!;
    const byReason = new Map<string, number[]>();
    for (const { sessionId, reason } of await options.ended(due)) {
      byReason.set(reason, [...(byReason.get(reason) ?? []), sessionId]);
    }
    for (const [reason, sessionIds] of byReason) options.broker.endSessions(sessionIds, options.notice(reason));
  }

  // One round at a time: the next is planned when the last has finished, so a slow database never piles up queries.
  function plan(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = check()
        .catch((error: unknown) => options.log?.warn({ err: error }, 'socket session re-check failed'))
        .finally(plan);
    }, options.everyMs);
    timer.unref();
  }
  plan();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
