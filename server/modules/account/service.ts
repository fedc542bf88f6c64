import type { FastifyBaseLogger } from 'fastify';
import type { AddressView } from '../../../src/contract/answers/account';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { maskPhone, normalizePhone } from '../../../src/contract/people';
import type { UserInfo } from '../../../src/contract/user';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import { checkImage, refusePicture } from '../../lib/images';
import { isMediaKey, newMediaKey } from '../../lib/security';
import type { MailProvider, SmsProvider } from '../../providers/messaging';
import { issueCode, verifyCode } from '../auth';
import { type SessionPolicy, revokeOtherSessions } from '../auth';
import { type UserInfoFlags, assertOfAge, findById, toUserInfo } from '../auth';
import { balances } from '../wallet';
import * as accounts from './repository';

/**
 * The account area's rules: the profile (nickname, picture, birthday, gender), delivery addresses,
 * and closing the account (a code to the player's email or phone, only with an empty wallet).
 */
export interface AccountOptions {
  db: Database;
  policy: SessionPolicy;
  codeSecret: string;
  sms: SmsProvider;
  mail: MailProvider;
  /**
   * What other modules do in the closure's transaction (promotions forfeit every active bonus through their
   * one forfeit path): a failure leaves the account open and the code unspent.
   */
  onClose?: readonly ((tx: Transaction, customerId: number) => Promise<void>)[];
}

/** The preset avatars of getHeadImages, served from public/avatars. */
export const HEAD_IMAGES = Array.from({ length: 8 }, (_, i) => `/avatars/a${i + 1}.svg`);

/** Uploaded avatars: the page resizes to 750 px at 0.9 before sending, so 600 KB is plenty. */
const MAX_AVATAR_BYTES = 600 * 1024;

/** A player keeps at most this many delivery addresses. */
const MAX_ADDRESSES = 20;

const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

export class AccountService {
  private readonly db: Database;

  constructor(private readonly options: AccountOptions) {
    this.db = options.db;
  }

  async me(customerId: number) {
    const customer = await findById(this.db, customerId);
    if (!customer) throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
    return customer;
  }

  async userInfo(customerId: number, flags?: UserInfoFlags): Promise<UserInfo> {
    const customer = await this.me(customerId);
    if (!flags) return toUserInfo(customer);
    const row = flags.inclAddress ? await accounts.defaultAddress(this.db, customerId) : undefined;
    return toUserInfo(customer, flags, row ? `${row.line}, ${row.city}, ${row.province} ${row.postalCode}` : '');
  }

  async setNickName(customerId: number, nickName: string): Promise<void> {
    await accounts.updateProfile(this.db, customerId, { nickName });
  }

  /** A preset picture, or none (''). */
  async choosePicture(customerId: number, avatar: string): Promise<void> {
    await accounts.setPresetAvatar(this.db, customerId, avatar);
  }

  /** The bytes of an uploaded picture by its unguessable key; nothing for a key that is not one. */
  async picture(key: string) {
    return isMediaKey(key) ? accounts.avatarByKey(this.db, key) : undefined;
  }

  /** Keeps an uploaded picture (a data: URL of a JPEG, PNG or WebP) and answers its address. */
  async uploadPicture(customerId: number, image: string): Promise<string> {
    const match = /^data:image\/(?:jpeg|png|webp);base64,([A-Za-z0-9+/=]+)$/.exec(image);
    const data = match ? Buffer.from(match[1]!, 'base64') : undefined;
    const unreadable = 'Please choose a JPEG, PNG or WebP picture.';
    if (!data) throw new CallError(GatewayCode.InvalidRequest, unreadable, 400);
    if (data.length > MAX_AVATAR_BYTES) throw new CallError(GatewayCode.InvalidRequest, 'The picture is too large (600 KB at most).', 400);
    // Judged by its header (type, and pixels within the cap), never decoded here: every page that shows
    // it decodes it, so a picture claiming 20000×20000 pixels is refused too.
    let contentType: string;
    try {
      contentType = checkImage(data).contentType;
    } catch (error) {
      refusePicture(error, GatewayCode.InvalidRequest, unreadable);
    }
    // A new address at every upload: the old one stops answering, and the new one can be cached for ever.
    const mediaKey = await accounts.saveAvatar(this.db, customerId, { mediaKey: newMediaKey(), contentType, data });
    const avatar = `/media/avatar/${mediaKey}`;
    await accounts.updateProfile(this.db, customerId, { avatar });
    return avatar;
  }

  /** The date of birth is given once: a correction goes through Customer Service. */
  async setBirthday(customerId: number, birthday: string): Promise<void> {
    const customer = await this.me(customerId);
    if (customer.birthday && customer.birthday !== birthday) {
      throw new CallError(
        GatewayCode.InvalidRequest,
        'Your date of birth is already on file. To correct it, please contact Customer Service.',
        400,
      );
    }
    assertOfAge(birthday);
    await accounts.updateProfile(this.db, customerId, { birthday });
  }

  async setGender(customerId: number, gender: 'M' | 'F'): Promise<void> {
    await accounts.updateProfile(this.db, customerId, { gender });
  }

  async addresses(customerId: number, query: { onlyCount?: boolean; pageNo: number; pageSize: number }) {
    const total = await accounts.countAddresses(this.db, customerId);
    if (query.onlyCount) return { total, list: [] };
    const rows = await accounts.addressPage(this.db, customerId, query);
    const list: AddressView[] = rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      phone: maskPhone(row.phone),
      province: row.province,
      city: row.city,
      postalCode: row.postalCode,
      line: row.line,
      isDefault: row.isDefault,
    }));
    return { total, pageNo: query.pageNo, pageSize: query.pageSize, list };
  }

  /** The first address is the default; a new default takes the flag from the others. */
  async addAddress(customerId: number, address: Omit<accounts.NewAddress, 'isDefault'> & { isDefault?: boolean }): Promise<number> {
    const existing = await accounts.countAddresses(this.db, customerId);
    if (existing >= MAX_ADDRESSES)
      throw new CallError(GatewayCode.InvalidRequest, 'You can keep up to 20 addresses. Please delete one first.', 400);
    const isDefault = address.isDefault === true || existing === 0;
    return accounts.insertAddress(this.db, customerId, { ...address, phone: normalizePhone(address.phone)!, isDefault });
  }

  async deleteAddress(customerId: number, id: number): Promise<void> {
    if (!(await accounts.deleteAddress(this.db, customerId, id)))
      throw new CallError(GatewayCode.InvalidRequest, 'This address is no longer there.', 404);
  }

  /** What account/query answers: whether the account may be closed now, and where its code would go. */
  async closingState(customerId: number) {
    const customer = await this.me(customerId);
    const total = await this.totalBalance(customerId);
    return {
      status: customer.status,
      createdAt: customer.createdAt.toISOString(),
      balance: total,
      canDelete: total === 0,
      channel: customer.email ? ('email' as const) : customer.mobileNo ? ('sms' as const) : ('none' as const),
    };
  }

  /** Sends the closing code to the player's email, or phone when there is no email. */
  async sendClosingCode(customerId: number) {
    const customer = await this.me(customerId);
    const recipient = customer.email ?? customer.mobileNo;
    if (!recipient)
      throw new CallError(
        GatewayCode.InvalidRequest,
        'Your account has no email or phone to confirm with. Please contact Customer Service.',
        400,
      );
    const code = await issueCode(this.db, this.options.codeSecret, recipient, 'delete');
    const text = `Your code to close your Panalo account is ${code}. It expires in 5 minutes. If you did not ask to close your account, change your password now.`;
    if (customer.email) await this.options.mail.send(customer.email, 'Confirm closing your Panalo account', text);
    else await this.options.sms.send(recipient, `Panalo: ${text}`);
    return {
      channel: customer.email ? ('email' as const) : ('sms' as const),
      recipient: customer.email ? customer.email.replace(/^(.).*(@.*)$/, '$1***$2') : maskPhone(recipient),
    };
  }

  /**
   * Closes the account with the code sent; cash must be withdrawn first (an active bonus does not block
   * it: it is forfeited in the closure's transaction). Ends every session.
   */
  async close(customerId: number, code: string, reason: string, log: FastifyBaseLogger): Promise<void> {
    const customer = await this.me(customerId);
    const total = await this.totalBalance(customerId);
    if (total !== 0) {
      throw new CallError(GatewayCode.BalanceNotEmpty, `Please withdraw your balance of ${peso(total)} before closing your account.`, 400);
    }
    await this.db.transaction(async (tx) => {
      await verifyCode(tx, this.options.codeSecret, customer.email ?? customer.mobileNo ?? '', 'delete', code);
      await accounts.closeAccount(tx, customerId);
      for (const hook of this.options.onClose ?? []) await hook(tx, customerId);
    });
    await revokeOtherSessions(this.db, this.options.policy, customerId, null, 'account_closed');
    log.info({ customerId, reason }, 'account closed by the player');
  }

  /** The player's own money (cash in every wallet): it must be withdrawn first. Bonus money is not theirs to withdraw; closing forfeits it. */
  private async totalBalance(customerId: number): Promise<number> {
    const wallets = await balances(this.db, customerId);
    return wallets.main + wallets.saba;
  }
}
