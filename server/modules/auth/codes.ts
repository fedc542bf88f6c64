import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Queryable } from '../../db';
import { verificationCodes } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { codeHash, randomCode } from '../../lib/security';

/**
 * Verification codes sent by SMS or mail: 6 digits, valid 5 minutes, 5 tries, a new one at most every
 * 60 seconds and 5 an hour per number (SMS pumping costs money and annoys people).
 */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_COOLDOWN_MS = 60_000;
export const CODES_PER_HOUR = 5;
export const CODE_ATTEMPTS = 5;

/**
 * Counted per number in the database, so the limits hold whichever address, session or server instance
 * the requests come through. `now` is the clock (tests move it forward).
 */
export async function issueCode(db: Queryable, secret: string, recipient: string, purpose: string, now = Date.now()): Promise<string> {
  const hourAgo = new Date(now - 60 * 60_000);
  const recent = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.recipient, recipient), gt(verificationCodes.createdAt, hourAgo)))
    .orderBy(desc(verificationCodes.createdAt));
  const last = recent[0];
  if (last && now - last.createdAt.getTime() < CODE_COOLDOWN_MS) {
    const wait = Math.ceil((CODE_COOLDOWN_MS - (now - last.createdAt.getTime())) / 1000);
    throw new CallError(GatewayCode.CodeCooldown, `Please wait ${wait} seconds before asking for a new code.`, 400, { waitSeconds: wait });
  }
  if (recent.length >= CODES_PER_HOUR) {
    throw new CallError(GatewayCode.TooManyCodes, 'You asked for too many codes. Please try again in an hour.', 400);
  }
  const code = randomCode();
  await db.insert(verificationCodes).values({
    recipient,
    purpose,
    codeHash: codeHash(secret, recipient, purpose, code),
    expiresAt: new Date(now + CODE_TTL_MS),
    createdAt: new Date(now),
  });
  return code;
}

/**
 * Checks the newest code for the recipient and purpose without spending it, and answers its id; a wrong
 * code counts one of its tries. Throws a readable refusal. For a step that needs two codes (a phone
 * change: the old number's and the new one's): both are checked, then spent together, so a typo in the
 * second does not burn the first.
 */
export async function checkCode(
  db: Queryable,
  secret: string,
  recipient: string,
  purpose: string,
  code: string,
  now = Date.now(),
): Promise<number> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now || row.attempts >= CODE_ATTEMPTS) {
    throw new CallError(GatewayCode.CodeExpired, 'This code has expired. Please ask for a new one.', 400);
  }
  if (row.codeHash !== codeHash(secret, recipient, purpose, code)) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    const left = CODE_ATTEMPTS - row.attempts - 1;
    throw new CallError(
      GatewayCode.CodeWrong,
      left > 0
        ? `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'The code is not correct. Please ask for a new one.',
      400,
    );
  }
  return row.id;
}

/** Spends checked codes, each once: a code another request spent meanwhile is refused as used. */
export async function spendCodes(db: Queryable, ids: readonly number[], now = Date.now()): Promise<void> {
  for (const id of ids) {
    const spent = await db
      .update(verificationCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (spent.length === 0) throw new CallError(GatewayCode.CodeExpired, 'This code has expired. Please ask for a new one.', 400);
  }
}

/** Checks and spends the newest code for the recipient and purpose; throws a readable refusal. */
export async function verifyCode(
  db: Queryable,
  secret: string,
  recipient: string,
  purpose: string,
  code: string,
  now = Date.now(),
): Promise<void> {
  await spendCodes(db, [await checkCode(db, secret, recipient, purpose, code, now)], now);
}
