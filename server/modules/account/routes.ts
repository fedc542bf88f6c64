import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { addressListSchema, addressSchema, genderSchema, nickNameSchema, userInfoQuerySchema } from '../../../src/contract/forms';
import { isCalendarDate, maskPhone, normalizePhone } from '../../../src/contract/people';
import type { Database } from '../../db';
import { addresses, avatars, customers } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { MailProvider, SmsProvider } from '../../providers/messaging';
import { issueCode, verifyCode } from '../auth/codes';
import { isMediaKey, newMediaKey } from '../../lib/security';
import { type SessionPolicy, revokeOtherSessions } from '../auth/sessions';
import { assertOfAge, findById, toUserInfo } from '../auth/users';
import { balances } from '../wallet/ledger';

export interface AccountOptions {
  db: Database;
  policy: SessionPolicy;
  codeSecret: string;
  sms: SmsProvider;
  mail: MailProvider;
}

/** The preset avatars of getHeadImages, served from public/avatars. */
export const HEAD_IMAGES = Array.from({ length: 8 }, (_, i) => `/avatars/a${i + 1}.svg`);

/** Uploaded avatars: the page resizes to 750 px at 0.9 before sending, so 600 KB is plenty. */
const MAX_AVATAR_BYTES = 600 * 1024;

function imageType(data: Buffer): string | undefined {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

async function defaultAddress(db: Database, customerId: number): Promise<string> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt))
    .limit(1);
  return row ? `${row.line}, ${row.city}, ${row.province} ${row.postalCode}` : '';
}

export async function accountRoutes(app: FastifyInstance, options: AccountOptions) {
  const { db } = options;

  async function me(customerId: number) {
    const customer = await findById(db, customerId);
    if (!customer) throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
    return customer;
  }

  // spec §7: the user-info fetch sends inclAddress, inclEmail, inclMobileNo, inclRealName, loginName,
  // inclIds, inclGiftCard, isShowOddsType. Both answer the session's own player: the loginName or
  // customerId in the body is the client's enrichment, removed by the contract before this runs.
  for (const name of ['customer/getByLoginName', 'customer/getById']) {
    app.call({
      prefix: 'main',
      name,
      auth: 'player',
      body: userInfoQuerySchema,
      handler: async ({ body, customerId }) =>
        toUserInfo(await me(customerId), body, body.inclAddress ? await defaultAddress(db, customerId) : ''),
    });
  }

  app.call({
    prefix: 'main',
    name: 'customer/modifyNickName',
    auth: 'player',
    body: z.object({ nickName: nickNameSchema }),
    handler: async ({ body, customerId }) => {
      await db.update(customers).set({ nickName: body.nickName }).where(eq(customers.id, customerId));
      return { nickName: body.nickName };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/getHeadImages',
    auth: 'public',
    body: z.looseObject({}),
    handler: () => ({ list: HEAD_IMAGES }),
  });

  app.call({
    prefix: 'main',
    name: 'customer/modify',
    auth: 'player',
    body: z.object({ avatar: z.optional(z.enum(HEAD_IMAGES as [string, ...string[]], { message: 'Choose one of the pictures.' })) }),
    handler: async ({ body, customerId }) => {
      if (body.avatar) {
        await db.delete(avatars).where(eq(avatars.customerId, customerId));
        await db.update(customers).set({ avatar: body.avatar }).where(eq(customers.id, customerId));
      }
      return toUserInfo(await me(customerId));
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/uploadImgFile',
    auth: 'player',
    body: z.object({ image: z.string().check(z.maxLength(1_000_000, { message: 'The picture is too large.' })) }),
    handler: async ({ body, customerId }) => {
      const match = /^data:image\/(?:jpeg|png|webp);base64,([A-Za-z0-9+/=]+)$/.exec(body.image);
      const data = match ? Buffer.from(match[1]!, 'base64') : undefined;
      const contentType = data ? imageType(data) : undefined;
      if (!data || !contentType) throw new CallError(GatewayCode.InvalidRequest, 'Please choose a JPEG, PNG or WebP picture.', 400);
      if (data.length > MAX_AVATAR_BYTES)
        throw new CallError(GatewayCode.InvalidRequest, 'The picture is too large (600 KB at most).', 400);
      // A new address at every upload: the old one stops answering, and the new one can be cached for ever.
      const mediaKey = newMediaKey();
      const [row] = await db
        .insert(avatars)
        .values({ customerId, mediaKey, contentType, data })
        .onConflictDoUpdate({
          target: avatars.customerId,
          set: { mediaKey, contentType, data, version: sql`${avatars.version} + 1`, updatedAt: new Date() },
        })
        .returning({ mediaKey: avatars.mediaKey });
      const avatar = `/media/avatar/${row!.mediaKey}`;
      await db.update(customers).set({ avatar }).where(eq(customers.id, customerId));
      return { avatar };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/removeAvatar',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => {
      await db.delete(avatars).where(eq(avatars.customerId, customerId));
      await db.update(customers).set({ avatar: '' }).where(eq(customers.id, customerId));
      return { avatar: '' };
    },
  });

  // The bytes of an uploaded avatar, by its unguessable key. The address changes with every upload, so
  // it can be cached long.
  app.get<{ Params: { key: string } }>('/media/avatar/:key', async (request, reply) => {
    const key = request.params.key;
    const [row] = isMediaKey(key) ? await db.select().from(avatars).where(eq(avatars.mediaKey, key)) : [];
    if (!row) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(row.contentType).send(row.data);
  });

  app.call({
    prefix: 'main',
    name: 'customer/updateCustomerBirthday',
    auth: 'player',
    body: z.object({ birthday: z.string().check(z.refine(isCalendarDate, { message: 'birthday' })) }),
    handler: async ({ body, customerId }) => {
      const customer = await me(customerId);
      if (customer.birthday && customer.birthday !== body.birthday) {
        throw new CallError(
          GatewayCode.InvalidRequest,
          'Your date of birth is already on file. To correct it, please contact Customer Service.',
          400,
        );
      }
      assertOfAge(body.birthday);
      await db.update(customers).set({ birthday: body.birthday }).where(eq(customers.id, customerId));
      return { birthday: body.birthday };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/updateCustomerGender',
    auth: 'player',
    body: z.object({ gender: genderSchema }),
    handler: async ({ body, customerId }) => {
      await db.update(customers).set({ gender: body.gender }).where(eq(customers.id, customerId));
      return { gender: body.gender };
    },
  });

  // spec §7: the address list sends onlyCount, pageNo, pageSize 10.
  app.call({
    prefix: 'main',
    name: 'customer/addressList',
    auth: 'player',
    body: addressListSchema,
    handler: async ({ body, customerId }) => {
      const [total] = await db.select({ value: count() }).from(addresses).where(eq(addresses.customerId, customerId));
      if (body.onlyCount) return { total: total?.value ?? 0, list: [] };
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
        .limit(body.pageSize)
        .offset((body.pageNo - 1) * body.pageSize);
      return {
        total: total?.value ?? 0,
        pageNo: body.pageNo,
        pageSize: body.pageSize,
        list: rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          phone: maskPhone(row.phone),
          province: row.province,
          city: row.city,
          postalCode: row.postalCode,
          line: row.line,
          isDefault: row.isDefault,
        })),
      };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/addAddress',
    auth: 'player',
    body: addressSchema,
    handler: async ({ body, customerId }) => {
      const [existing] = await db.select({ value: count() }).from(addresses).where(eq(addresses.customerId, customerId));
      if ((existing?.value ?? 0) >= 20)
        throw new CallError(GatewayCode.InvalidRequest, 'You can keep up to 20 addresses. Please delete one first.', 400);
      const isDefault = body.isDefault === true || (existing?.value ?? 0) === 0;
      const row = await db.transaction(async (tx) => {
        if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.customerId, customerId));
        const [inserted] = await tx
          .insert(addresses)
          .values({ ...body, phone: normalizePhone(body.phone)!, isDefault, customerId })
          .returning({ id: addresses.id });
        return inserted!;
      });
      return { id: row.id };
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/deleteAddress',
    auth: 'player',
    body: z.object({ id: z.int() }),
    handler: async ({ body, customerId }) => {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, body.id), eq(addresses.customerId, customerId)))
        .returning({ id: addresses.id });
      if (deleted.length === 0) throw new CallError(GatewayCode.InvalidRequest, 'This address is no longer there.', 404);
      return null;
    },
  });

  // Closing an account (spec §7 account/query, deleteAccountMailSend, account/delete): a code to the
  // player's email (or phone when there is no email), then the closure. Money must be withdrawn first.
  app.call({
    prefix: 'main',
    name: 'account/query',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => {
      const customer = await me(customerId);
      const wallets = await balances(db, customerId);
      const total = wallets.main + wallets.bonus + wallets.saba;
      return {
        status: customer.status,
        createdAt: customer.createdAt.toISOString(),
        balance: total,
        canDelete: total === 0,
        channel: customer.email ? 'email' : customer.mobileNo ? 'sms' : 'none',
      };
    },
  });

  app.call({
    prefix: 'main',
    name: 'account/deleteAccountMailSend',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => {
      const customer = await me(customerId);
      const recipient = customer.email ?? customer.mobileNo;
      if (!recipient)
        throw new CallError(
          GatewayCode.InvalidRequest,
          'Your account has no email or phone to confirm with. Please contact Customer Service.',
          400,
        );
      const code = await issueCode(db, options.codeSecret, recipient, 'delete');
      const text = `Your code to close your Panalo account is ${code}. It expires in 5 minutes. If you did not ask to close your account, change your password now.`;
      if (customer.email) await options.mail.send(customer.email, 'Confirm closing your Panalo account', text);
      else await options.sms.send(recipient, `Panalo: ${text}`);
      return {
        channel: customer.email ? 'email' : 'sms',
        recipient: customer.email ? customer.email.replace(/^(.).*(@.*)$/, '$1***$2') : maskPhone(recipient),
      };
    },
  });

  app.call({
    prefix: 'main',
    name: 'account/delete',
    auth: 'player',
    body: z.object({
      code: z.string().check(z.regex(/^\d{6}$/, { message: 'code' })),
      reason: z.optional(z.string().check(z.maxLength(300, { message: 'text' }))),
    }),
    handler: async ({ body, customerId, request }) => {
      const customer = await me(customerId);
      const wallets = await balances(db, customerId);
      const total = wallets.main + wallets.bonus + wallets.saba;
      if (total !== 0) {
        throw new CallError(
          GatewayCode.BalanceNotEmpty,
          `Please withdraw your balance of ₱${(total / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })} before closing your account.`,
          400,
        );
      }
      await verifyCode(db, options.codeSecret, customer.email ?? customer.mobileNo ?? '', 'delete', body.code);
      await db.update(customers).set({ status: 'closed', closedAt: new Date() }).where(eq(customers.id, customerId));
      await revokeOtherSessions(db, options.policy, customerId, null, 'account_closed');
      request.log.info({ customerId, reason: body.reason ?? '' }, 'account closed by the player');
      return null;
    },
  });
}
