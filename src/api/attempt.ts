import { uuid } from '../lib/ids';
import { ApiError } from './client';

/**
 * One money request and its idempotency key. The same request sent again after its answer was lost
 * (timeout, network) keeps its key, so the server makes one order of it however often the player taps;
 * an answer, a refusal (final: the server said no) or a different request starts a new key.
 */
export class Attempt {
  private last: { of: string; key: string } | undefined;

  async send<T>(request: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const of = JSON.stringify(request);
    const key = this.last?.of === of ? this.last.key : uuid();
    this.last = { of, key };
    try {
      const answer = await call(key);
      this.last = undefined;
      return answer;
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) this.last = undefined;
      throw error;
    }
  }
}
