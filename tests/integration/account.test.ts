import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE } from '../../server/lib/images';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { UserInfo } from '../../src/contract/user';
import { dataUrl, pixelBomb } from './images';
import { call, encrypt, internalId, lastCode, registerPlayer } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('profile', () => {
  it('changes the nickname and refuses one that is not allowed', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    expect((await call(server, 'main', 'customer/modifyNickName', { nickName: '  Juan Dela Cruz ' }, { token })).data).toEqual({
      nickName: 'Juan Dela Cruz',
    });
    const bad = await call(server, 'main', 'customer/modifyNickName', { nickName: '<script>' }, { token });
    expect(bad.code).toBe('GW_800400');
    expect(bad.message).toBe('nickName: Use 2 to 16 letters, numbers, spaces, dots, dashes or underscores.');
    const info = await call<UserInfo>(server, 'main', 'customer/getByLoginName', { loginName: player.userInfo.loginName }, { token });
    expect(info.data.nickName).toBe('Juan Dela Cruz');
  });

  it('answers only the fields the incl* flags ask for, and only about the caller', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const bare = await call<UserInfo>(server, 'main', 'customer/getByLoginName', { loginName: player.userInfo.loginName }, { token });
    expect(bare.data.mobileNo).toBe('');
    const full = await call<UserInfo>(
      server,
      'main',
      'customer/getById',
      { customerId: player.userInfo.customerId, inclMobileNo: true },
      { token },
    );
    expect(full.data.mobileNo).toMatch(/\*\*\*/);
    // The body names nobody: whoever it says, the answer is the session's own player.
    const other = await call<UserInfo>(server, 'main', 'customer/getByLoginName', { loginName: 'someone-else' }, { token });
    expect(other.data.loginName).toBe(player.userInfo.loginName);
    expect(player.userInfo.customerId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('uploads an avatar, serves it, and removes it; offers the preset pictures', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const uploaded = await call<{ avatar: string }>(
      server,
      'main',
      'customer/uploadImgFile',
      { image: `data:image/png;base64,${PNG.toString('base64')}` },
      { token },
    );
    // An unguessable address (256 random bits), new at every upload; nothing answers by customer id.
    expect(uploaded.data.avatar).toMatch(/^\/media\/avatar\/[A-Za-z0-9_-]{43}$/);
    const image = await fetch(`${server.url}${uploaded.data.avatar}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const id = await internalId(server, player.userInfo);
    for (const guess of [String(id), player.userInfo.customerId, `${id}?v=1`]) {
      expect((await fetch(`${server.url}/media/avatar/${guess}`)).status).toBe(404);
    }
    const again = await call<{ avatar: string }>(
      server,
      'main',
      'customer/uploadImgFile',
      { image: `data:image/png;base64,${PNG.toString('base64')}` },
      { token },
    );
    expect(again.data.avatar).not.toBe(uploaded.data.avatar);
    expect((await fetch(`${server.url}${uploaded.data.avatar}`)).status).toBe(404);
    expect((await fetch(`${server.url}${again.data.avatar}`)).status).toBe(200);

    const notImage = await call(
      server,
      'main',
      'customer/uploadImgFile',
      { image: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` },
      { token },
    );
    expect(notImage.code).toBe('GW_800400');
    // A picture claiming 20000×20000 pixels (every page showing it would decode that) is refused by its header.
    const bomb = await call(server, 'main', 'customer/uploadImgFile', { image: dataUrl('image/png', pixelBomb()) }, { token });
    expect(`${bomb.code} ${bomb.message}`).toBe(`GW_800400 ${IMAGE_TOO_LARGE}`);

    expect((await call<{ avatar: string }>(server, 'main', 'customer/removeAvatar', {}, { token })).data.avatar).toBe('');
    expect((await fetch(`${server.url}${again.data.avatar}`)).status).toBe(404);

    const heads = await call<{ list: string[] }>(server, 'main', 'customer/getHeadImages');
    expect(heads.data.list).toHaveLength(8);
    const chosen = await call<UserInfo>(server, 'main', 'customer/modify', { avatar: heads.data.list[2] }, { token });
    expect(chosen.data.avatar).toBe(heads.data.list[2]);
  });

  it('keeps the birthday once given and records the gender', async () => {
    const player = await registerPlayer(server, { birthday: '1988-08-08' });
    const token = player.webToken.token;
    expect((await call(server, 'main', 'customer/updateCustomerBirthday', { birthday: '1988-08-08' }, { token })).code).toBe('0000');
    expect((await call(server, 'main', 'customer/updateCustomerBirthday', { birthday: '1980-01-01' }, { token })).code).toBe('GW_800400');
    expect((await call(server, 'main', 'customer/updateCustomerGender', { gender: 'F' }, { token })).data).toEqual({ gender: 'F' });
    expect((await call(server, 'main', 'customer/updateCustomerGender', { gender: 'X' }, { token })).code).toBe('GW_800400');
  });
});

describe('addresses', () => {
  it('lists ten a page, counts without listing, makes the first one default', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    for (let i = 1; i <= 12; i++) {
      const added = await call(
        server,
        'main',
        'customer/addAddress',
        {
          recipient: 'Juan',
          phone: await encrypt(server, '0917 111 2222'),
          province: 'Cebu',
          city: 'Cebu City',
          postalCode: '6000',
          line: `${i} Osmeña Blvd`,
        },
        { token },
      );
      expect(added.code).toBe('0000');
    }
    const count = await call<{ total: number; list: unknown[] }>(server, 'main', 'customer/addressList', { onlyCount: true }, { token });
    expect(count.data).toEqual({ total: 12, list: [] });
    const first = await call<{ list: { line: string; isDefault: boolean }[] }>(
      server,
      'main',
      'customer/addressList',
      { pageNo: 1 },
      { token },
    );
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list[0]).toMatchObject({ line: '1 Osmeña Blvd', isDefault: true });
    const second = await call<{ list: { id: number }[] }>(server, 'main', 'customer/addressList', { pageNo: 2, pageSize: 10 }, { token });
    expect(second.data.list).toHaveLength(2);
    expect((await call(server, 'main', 'customer/deleteAddress', { id: second.data.list[0]!.id }, { token })).code).toBe('0000');
    expect((await call(server, 'main', 'customer/deleteAddress', { id: second.data.list[0]!.id }, { token })).code).toBe('GW_800400');
  });

  it('refuses an address with a bad postal code, naming the field', async () => {
    const player = await registerPlayer(server);
    const bad = await call(
      server,
      'main',
      'customer/addAddress',
      {
        recipient: 'Juan',
        phone: await encrypt(server, '0917 111 2222'),
        province: 'Cebu',
        city: 'Cebu City',
        postalCode: '60',
        line: '1 Osmeña Blvd',
      },
      { token: player.webToken.token },
    );
    expect(bad.message).toBe('postalCode: Enter a 4-digit postal code.');
  });
});

describe('messages', () => {
  it('counts unread inbox and notices, marks a message read when opened, and all at once', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const counts = await call<{ unreadInbox: number; unreadNotice: number }>(server, 'main', 'message/unreadCount', {}, { token });
    expect(counts.data).toEqual({ unreadInbox: 1, unreadNotice: 2 });

    const inbox = await call<{ total: number; list: { id: number; title: string; read: boolean }[] }>(
      server,
      'main',
      'message/list',
      { type: 1 },
      { token },
    );
    expect(inbox.data.total).toBe(1);
    expect(inbox.data.list[0]).toMatchObject({ title: 'Welcome to Panalo!', read: false });
    const detail = await call<{ body: string; read: boolean }>(server, 'main', 'message/detail', { id: inbox.data.list[0]!.id }, { token });
    expect(detail.data.read).toBe(true);
    expect((await call<{ unreadInbox: number }>(server, 'main', 'message/unreadCount', {}, { token })).data.unreadInbox).toBe(0);

    const after = await call<{ unreadNotice: number }>(server, 'main', 'message/markRead', { type: 2 }, { token });
    expect(after.data.unreadNotice).toBe(0);
  });

  it('never shows one player another player’s inbox', async () => {
    const a = await registerPlayer(server);
    const b = await registerPlayer(server);
    const aInbox = await call<{ list: { id: number }[] }>(server, 'main', 'message/list', { type: 1 }, { token: a.webToken.token });
    const peek = await call(server, 'main', 'message/detail', { id: aInbox.data.list[0]!.id }, { token: b.webToken.token });
    expect(peek.code).toBe('GW_800400');
  });
});

describe('closing an account', () => {
  it('confirms with a code, closes the account and ends its sessions', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const query = await call<{ canDelete: boolean; channel: string }>(server, 'main', 'account/query', {}, { token });
    expect(query.data).toMatchObject({ canDelete: true, channel: 'sms' });
    // The registration code was just sent: age it so the cool-down does not block this code.
    const { sql } = await import('drizzle-orm');
    await server.database.db.execute(
      sql`UPDATE verification_codes SET created_at = now() - interval '2 minutes' WHERE recipient = ${player.phone.e164}`,
    );
    const sent = await call<{ channel: string; recipient: string }>(server, 'main', 'account/deleteAccountMailSend', {}, { token });
    expect(sent.data.channel).toBe('sms');
    const closed = await call(
      server,
      'main',
      'account/delete',
      { code: await lastCode(server, player.phone.e164), reason: 'Taking a break' },
      { token },
    );
    expect(closed.code).toBe('0000');
    expect((await call(server, 'main', 'customer/getBalance', {}, { token })).code).toBe('GW_800403');
  });
});
