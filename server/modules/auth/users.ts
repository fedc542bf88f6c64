import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoginResult } from '../../../src/contract/auth';
import { SpecCode, GatewayCode } from '../../../src/contract/errorCodes';
import { EVERY_USER_INFO_FIELD } from '../../../src/contract/forms';
import { isOfAge, maskPhone } from '../../../src/contract/people';
import { OddsType } from '../../../src/contract/sports';
import type { UserInfo } from '../../../src/contract/user';
import type { Queryable } from '../../db';
import { customers } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { openWallets } from '../wallet';
import { type Client, type SessionPolicy, createSession, revokeSession } from './sessions';

export type Customer = typeof customers.$inferSelect;

/** GW_510517 (spec §5, §8): the client shows the under-21 'TIPS' alert. */
export const underAge = () =>
  new CallError(
    SpecCode.UnderAge,
    'Sorry, Panalo is for players aged 21 and over only. You cannot register or log in until you are 21.',
    403,
  );

export function assertOfAge(birthday: string | null): void {
  if (!birthday || !isOfAge(birthday, new Date())) throw underAge();
}

export async function findByPhone(db: Queryable, phone: string): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.mobileNo, phone)).limit(1);
  return row;
}

export async function findById(db: Queryable, id: number): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

async function uniqueLoginName(db: Queryable): Promise<string> {
  for (;;) {
    const candidate = `pn${randomInt(10_000_000, 99_999_999)}`;
    const [taken] = await db.select({ id: customers.id }).from(customers).where(eq(customers.loginName, candidate)).limit(1);
    if (!taken) return candidate;
  }
}

export interface NewCustomer {
  mobileNo: string | null;
  passwordHash?: string | null;
  birthday: string;
  acquisition?: Record<string, string> | undefined;
  invite?: Record<string, string> | undefined;
  deviceToken?: string | undefined;
}

/** Opens an account and its wallets. The caller has checked the 21+ rule and that the phone is free. */
export async function createCustomer(db: Queryable, input: NewCustomer): Promise<Customer> {
  const loginName = await uniqueLoginName(db);
  const [row] = await db
    .insert(customers)
    .values({
      loginName,
      mobileNo: input.mobileNo,
      passwordHash: input.passwordHash ?? null,
      nickName: `Player${loginName.slice(-4)}`,
      birthday: input.birthday,
      acquisition: input.acquisition ?? {},
      invite: input.invite ?? {},
      deviceToken: input.deviceToken ?? null,
    })
    .returning();
  await openWallets(db, row!.id);
  return row!;
}

export interface UserInfoFlags {
  inclAddress?: boolean | undefined;
  inclEmail?: boolean | undefined;
  inclMobileNo?: boolean | undefined;
  inclRealName?: boolean | undefined;
  inclIds?: boolean | undefined;
  inclGiftCard?: boolean | undefined;
  isShowOddsType?: boolean | undefined;
}

/** userInfo with the fields the incl* flags of spec §7 ask for; the rest empty. */
export function toUserInfo(row: Customer, flags: UserInfoFlags = EVERY_USER_INFO_FIELD, address = ''): UserInfo {
  return {
    loginName: row.loginName,
    customerId: row.publicId,
    nickName: row.nickName,
    avatar: row.avatar,
    product: 'C66',
    oddsType: flags.isShowOddsType ? (row.oddsType as UserInfo['oddsType']) : OddsType.Decimal,
    isFromGlife: row.isFromGlife,
    isFromLazada: row.isFromLazada,
    mobileNo: flags.inclMobileNo && row.mobileNo ? maskPhone(row.mobileNo) : '',
    firstDepositDate: row.firstDepositAt ? row.firstDepositAt.toISOString() : null,
    firstDepositFlag: row.firstDepositAt !== null,
    missNum: 0,
    email: flags.inclEmail ? (row.email ?? '') : '',
    realName: flags.inclRealName ? row.realName : '',
    address: flags.inclAddress ? address : '',
    // ID documents are recorded by identity verification (the KYC release); none before it.
    ids: [],
    giftCard: flags.inclGiftCard ? row.giftCard : '',
    withdrewPwd: row.withdrawPasswordHash !== null,
    bindType: row.bindType ?? undefined,
    birthday: row.birthday,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
  };
}

/**
 * Logs a player in: checks the account may play, ends the caller's previous (visitor) session and
 * answers a new token (a new token on every login) with the player's info.
 */
export async function logIn(
  db: Queryable,
  policy: SessionPolicy,
  customer: Customer,
  request: Client,
  previousSessionId: number | undefined,
  host = '',
): Promise<LoginResult> {
  if (customer.status !== 'active')
    throw new CallError(GatewayCode.AccountClosed, 'This account is closed. Please contact Customer Service.', 403);
  assertOfAge(customer.birthday);
  if (previousSessionId !== undefined) await revokeSession(db, policy, previousSessionId, 'login');
  const scope = (await policy.scopeAtLogin?.(customer.id)) ?? null;
  const { webToken } = await createSession(db, policy, customer.id, request, scope, host);
  if (previousSessionId !== undefined) await policy.onLogin?.(previousSessionId, customer.id);
  return { webToken, userInfo: toUserInfo(customer) };
}
