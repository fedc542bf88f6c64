import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database } from '../../db';
import { loginGuards } from '../../db/schema';
import { CallError } from '../../lib/errors';

/**
 * Password login lockout, per login number and whatever address the tries come from: after
 * `failures` wrong passwords within `windowMs`, password login of that number pauses for `lockMs`,
 * twice as long for each further lockout within a day (up to `maxLockMs`). During a lockout even the
 * right password is refused, or the pause would be no pause; logging in with an SMS code and resetting
 * the password by SMS keep working and lift it. The counters live in Postgres, so every instance of the
 * server sees the same ones, and a row changes under a row lock, so one lockout starts once.
 */
export interface LockoutPolicy {
  failures: number;
  windowMs: number;
  lockMs: number;
  maxLockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  failures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxLockMs: 24 * 60 * 60_000,
};

/** A day after a lockout ends, the next one starts again at the shortest pause. */
const LOCKOUTS_REMEMBERED_MS = 24 * 60 * 60_000;
/** How often the shared job forgets old numbers (PasswordGuard.sweep). */
export const LOGIN_GUARD_SWEEP_MS = 10 * 60_000;

/** What a wrong password led to. */
export type Failure = { locked: false; triesLeft: number } | { locked: true; until: Date; startedNow: boolean; failures: number };

/** "15 minutes", "2 hours": how long a player waits, rounded up. */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

const GET_IN_NOW = 'To get in now, log in with an SMS code, or reset your password with "Forgot password?".';

export function lockedError(until: Date, now: number): CallError {
  const waitMs = until.getTime() - now;
  return new CallError(
    GatewayCode.LoginLocked,
    `Too many wrong passwords: password login for this number is paused. Please try again in ${waitInWords(waitMs)}. ${GET_IN_NOW}`,
    423,
    { retryAfterSeconds: Math.ceil(waitMs / 1000), lockedUntil: until.toISOString() },
  );
}

export function wrongPasswordError(triesLeft: number): CallError {
  const warning =
    triesLeft <= 2 ? ` After ${triesLeft} more wrong ${triesLeft === 1 ? 'try' : 'tries'}, password login pauses for a while.` : '';
  return new CallError(GatewayCode.WrongCredentials, `The mobile number or password is incorrect.${warning}`, 401);
}

export class PasswordGuard {
  constructor(
    private readonly db: Database,
    private readonly policy: LockoutPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Refuses password login of a paused number (before its password is even looked at). */
  async assertOpen(phone: string): Promise<void> {
    const [row] = await this.db.select({ lockedUntil: loginGuards.lockedUntil }).from(loginGuards).where(eq(loginGuards.phone, phone));
    const now = this.now();
    if (row?.lockedUntil && row.lockedUntil.getTime() > now) throw lockedError(row.lockedUntil, now);
  }

  /** Counts a wrong password; the one that reaches the limit starts a lockout. */
  async failed(phone: string): Promise<Failure> {
    const now = this.now();
    const { failures, windowMs, lockMs, maxLockMs } = this.policy;
    return this.db.transaction(async (tx) => {
      await tx
        .insert(loginGuards)
        .values({ phone, failures: 0, windowStartedAt: new Date(now) })
        .onConflictDoNothing();
      const [row] = await tx.select().from(loginGuards).where(eq(loginGuards.phone, phone)).for('update');
      if (!row) throw new Error(`login guard for ${phone} vanished`);
      // Another instance locked it between our check and now.
      if (row.lockedUntil && row.lockedUntil.getTime() > now) {
        return { locked: true, until: row.lockedUntil, startedNow: false, failures: row.failures };
      }
      const windowOpen = now - row.windowStartedAt.getTime() < windowMs;
      const count = windowOpen ? row.failures + 1 : 1;
      if (count < failures) {
        await tx
          .update(loginGuards)
          .set({ failures: count, windowStartedAt: windowOpen ? row.windowStartedAt : new Date(now) })
          .where(eq(loginGuards.phone, phone));
        return { locked: false, triesLeft: failures - count };
      }
      const recent = row.lockedUntil !== null && now - row.lockedUntil.getTime() < LOCKOUTS_REMEMBERED_MS;
      const lockouts = recent ? row.lockouts + 1 : 1;
      const until = new Date(now + Math.min(lockMs * 2 ** Math.min(lockouts - 1, 20), maxLockMs));
      await tx
        .update(loginGuards)
        .set({ failures: 0, windowStartedAt: new Date(now), lockedUntil: until, lockouts })
        .where(eq(loginGuards.phone, phone));
      return { locked: true, until, startedNow: true, failures: count };
    });
  }

  /**
   * Forgets numbers whose last wrong password and last lockout are over a day old (typed numbers are
   * personal data). A shared job (LOGIN_GUARD_SWEEP_MS, app.ts) runs it on one instance; the rows of
   * every guard (login and withdrawal passwords) share the table and the rule. Answers how many.
   */
  async sweep(now = this.now()): Promise<number> {
    const dayAgo = new Date(now - LOCKOUTS_REMEMBERED_MS);
    const deleted = await this.db
      .delete(loginGuards)
      .where(and(lt(loginGuards.windowStartedAt, dayAgo), or(isNull(loginGuards.lockedUntil), lt(loginGuards.lockedUntil, dayAgo))))
      .returning({ phone: loginGuards.phone });
    return deleted.length;
  }

  /**
   * The owner proved themselves (the right password, an SMS code, a reset by SMS): the count starts
   * again and any pause ends now. How many lockouts came before is kept (a pause ending now is still
   * a recent one), so a guesser who waits out one pause meets a longer one.
   */
  async cleared(phone: string): Promise<void> {
    const now = new Date(this.now()).toISOString();
    await this.db
      .update(loginGuards)
      .set({
        failures: 0,
        lockedUntil: sql`CASE WHEN ${loginGuards.lockedUntil} > ${now}::timestamptz THEN ${now}::timestamptz ELSE ${loginGuards.lockedUntil} END`,
      })
      .where(eq(loginGuards.phone, phone));
  }
}

/** The notice the owner gets once per lockout: in the inbox, and by SMS. */
export function lockoutNotice(
  failure: { until: Date; failures: number },
  now: number,
  ip: string,
): { title: string; body: string; sms: string } {
  const wait = waitInWords(failure.until.getTime() - now);
  const until = new Intl.DateTimeFormat('en-PH', {
    timeZone: 'Asia/Manila',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(failure.until);
  return {
    title: 'Password login paused',
    body:
      `Someone entered a wrong password for your account ${failure.failures} times in a row, the last time from the address ${ip}. ` +
      `To protect your account, password login is paused until ${until} (Manila time). ` +
      'If this was you, wait, or log in with an SMS code. If it was not you, reset your password now with "Forgot password?" and never share your SMS codes with anyone.',
    sms: `Panalo: ${failure.failures} wrong passwords were entered for your account, so password login is paused for ${wait}. Not you? Reset your password in the app.`,
  };
}
