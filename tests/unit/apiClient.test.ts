import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  BAD_GATEWAY_ATTEMPTS,
  type ApiEffects,
  type ApiEnvironment,
  WrongLanguageError,
  createApiClient,
} from '../../src/api/client';
import { computeSign } from '../../src/contract/sign';

const APP_KEY = 'k'.repeat(64);

interface Sent {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

const realSetTimeout = globalThis.setTimeout;

/**
 * Until `count` calls have left, on real time (fake timers stay where they are): the Sign is computed by
 * WebCrypto off the main thread before each call leaves, so a call is not sent in the same tick.
 */
async function untilSent(sent: unknown[], count: number): Promise<void> {
  for (let waited = 0; sent.length < count; waited++) {
    if (waited > 2_000) throw new Error(`only ${sent.length} of ${count} calls left`);
    await new Promise((resolve) => realSetTimeout(resolve, 1));
  }
}

function setup(
  options: { loggedIn?: boolean; language?: string; inGame?: boolean; encryptionFails?: boolean; visitorToken?: string | null } = {},
) {
  // The visitor token the app's visitorToken() brings ('' : it could not fetch one); undefined: no visitorToken.
  let visitorToken = '';
  const visitorFetches = vi.fn(async () => {
    visitorToken = options.visitorToken ?? '';
  });
  const sent: Sent[] = [];
  const replies: Array<(call: Sent) => Response | Promise<Response>> = [];
  let nextId = 0;
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const text = String(init?.body ?? '');
    const call: Sent = { url: String(url), headers: new Headers(init?.headers), body: JSON.parse(text) as Record<string, unknown>, text };
    sent.push(call);
    const reply = replies.shift();
    if (!reply) throw new Error('no reply queued');
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return await new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(reply(call)).then(resolve, reject);
    });
  });
  const env: ApiEnvironment = {
    appKey: () => APP_KEY,
    token: () => (options.loggedIn ? 'tok-123' : visitorToken),
    identity: () => (options.loggedIn ? { loginName: 'juan01', customerId: '1001' } : {}),
    language: () => options.language ?? 'en',
    deviceId: () => 'device-1',
    clientTags: () => ({ client: 'h5', platform: 'H5' }),
    container: () => 'browser',
    packageName: () => '',
    domainName: () => 'panalo.test',
    pathname: () => '/sports',
    inGame: () => options.inGame ?? false,
    newRequestId: () => `qid-${++nextId}`,
    fetch: fetchMock as unknown as typeof fetch,
    encryptField: options.encryptionFails ? () => Promise.reject(new Error('no WebCrypto')) : async (value: string) => `enc(${value})`,
    ...(options.visitorToken === undefined ? {} : { visitorToken: visitorFetches }),
  };
  const effects = {
    toast: vi.fn(),
    alert: vi.fn(),
    frequentRequest: vi.fn(),
    resetToken: vi.fn(),
    mobileChanged: vi.fn(),
    loginRequired: vi.fn(),
    blacklist: vi.fn(),
    kyc: vi.fn(),
    debugDump: vi.fn(),
    responsibleGaming: vi.fn(),
  } satisfies ApiEffects;
  const api = createApiClient(env, effects);
  const json =
    (value: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
  return { api, sent, replies, effects, fetchMock, json, visitorFetches };
}

const main = (errCode: string, body: unknown = null, errMsg = 'server says no') => ({ head: { errCode, errMsg }, body });

function effectCalls(effects: ApiEffects): string[] {
  return Object.entries(effects)
    .filter(([, fn]) => (fn as ReturnType<typeof vi.fn>).mock.calls.length > 0)
    .map(([name]) => name);
}

describe('requests', () => {
  it('POSTs JSON to the prefix and call name', async () => {
    const { api, sent, replies, json } = setup();
    replies.push(json({ code: 0, msg: 'ok', data: { a: 1 } }));
    await api.call('front', 'front/siteinfo');
    replies.push(json(main('0000')));
    await api.call('main', 'customer/getBalance');
    replies.push(json({ code: 0, msg: 'ok', data: null }));
    await api.call('tp', 'saba/sabaDoPlaceBetV2');
    replies.push(json({ code: 0, msg: 'ok', data: null }));
    await api.call('push', 'eventPush/push');
    expect(sent.map((s) => s.url)).toEqual([
      '/api/front/front/siteinfo',
      '/api/main/customer/getBalance',
      '/api/tp/saba/sabaDoPlaceBetV2',
      '/api/push/eventPush/push',
    ]);
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('enriches the body with loginName, productId, tenant, client and customerId', async () => {
    const { api, sent, replies, json } = setup({ loggedIn: true });
    replies.push(json(main('0000')));
    await api.call('main', 'customer/getBalance', { type: 1 });
    expect(sent[0]?.body).toEqual({ loginName: 'juan01', customerId: '1001', productId: 'C66', tenant: 'AP', client: 'h5', type: 1 });
  });

  it('sends a visitor’s calls without loginName and customerId', async () => {
    const { api, sent, replies, json } = setup();
    replies.push(json({ code: 0, msg: '', data: null }));
    await api.call('front', 'front/siteinfo');
    expect(sent[0]?.body).toEqual({ productId: 'C66', tenant: 'AP', client: 'h5' });
  });

  it('lets the caller’s own fields win over the enrichment (a ticket login names its own user)', async () => {
    const { api, sent, replies, json } = setup({ loggedIn: true });
    replies.push(json(main('0000')));
    await api.call('main', 'getH5TokenByTempTicket', { loginName: 'partner-user' });
    expect(sent[0]?.body['loginName']).toBe('partner-user');
  });

  it('sends the contract headers', async () => {
    const { api, sent, replies, json } = setup({ loggedIn: true });
    replies.push(json(main('0000')));
    await api.call('main', 'customer/getBalance', {}, { idempotencyKey: 'idem-1' });
    const h = sent[0]!.headers;
    expect({
      token: h.get('token'),
      Qid: h.get('Qid'),
      AppId: h.get('AppId'),
      lang: h.get('lang'),
      platform: h.get('platform'),
      deviceId: h.get('deviceId'),
      container: h.get('container'),
      package: h.get('package'),
      domainName: h.get('domainName'),
      pathname: h.get('pathname'),
      idempotency: h.get('Idempotency-Key'),
    }).toEqual({
      token: 'tok-123',
      Qid: 'qid-1',
      AppId: 'C66H501',
      lang: 'en',
      platform: 'H5',
      deviceId: 'device-1',
      container: 'browser',
      package: '',
      domainName: 'panalo.test',
      pathname: '/sports',
      idempotency: 'idem-1',
    });
  });

  it('signs body + Qid + AppId + version + token with the app key', async () => {
    const { api, sent, replies, json } = setup({ loggedIn: true });
    replies.push(json(main('0000')));
    await api.call('main', 'customer/getBalance', { type: 0 });
    const call = sent[0]!;
    expect(call.headers.get('Sign')).toBe(
      computeSign(APP_KEY, { body: call.text, qid: 'qid-1', appId: 'C66H501', version: '1.0.0', token: 'tok-123' }),
    );
    expect(call.headers.get('Sign')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('encrypts every sensitive field of spec §5 before signing, and nothing else', async () => {
    const { api, sent, replies, json } = setup();
    replies.push(json(main('0000')));
    await api.call('main', 'userAuth/loginByPhoneV4', { phone: '0917 123 4567', password: 'Secret123', captchaToken: 'c' });
    expect(sent[0]?.body).toMatchObject({ phone: 'enc(0917 123 4567)', password: 'enc(Secret123)', captchaToken: 'c' });
    expect(sent[0]?.headers.get('Sign')).toBe(
      computeSign(APP_KEY, { body: sent[0]!.text, qid: 'qid-1', appId: 'C66H501', version: '1.0.0', token: '' }),
    );
  });

  it('refuses to send a sensitive field in the clear when encryption is not possible', async () => {
    const { api, fetchMock, effects } = setup({ encryptionFails: true });
    await expect(api.call('main', 'customer/modifyPwd', { oldPassword: 'a', newPassword: 'b' })).rejects.toMatchObject({
      kind: 'insecure',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(effects.toast).toHaveBeenCalledWith('fail', { key: 'errors.insecure' });
  });

  it('refuses a language other than en or cn before sending anything', async () => {
    const { api, fetchMock } = setup({ language: 'tl' });
    await expect(api.call('main', 'customer/getBalance')).rejects.toThrow(WrongLanguageError);
    await expect(api.call('main', 'customer/getBalance')).rejects.toThrow('wrong language');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts cn', async () => {
    const { api, sent, replies, json } = setup({ language: 'cn' });
    replies.push(json(main('0000')));
    await api.call('main', 'customer/getBalance');
    expect(sent[0]?.headers.get('lang')).toBe('cn');
  });
});

describe('envelopes', () => {
  it("reads the main envelope: '0000' resolves with the body", async () => {
    const { api, replies, json } = setup();
    replies.push(json(main('0000', { balance: 12345 })));
    await expect(api.call('main', 'customer/getBalance')).resolves.toEqual({ balance: 12345 });
  });

  it('reads the code envelope: 0 resolves with data', async () => {
    const { api, replies, json } = setup();
    replies.push(json({ code: 0, msg: 'ok', data: [1, 2] }));
    await expect(api.call('front', 'front/siteinfo')).resolves.toEqual([1, 2]);
  });

  it("treats '0' from a lenient gateway as success", async () => {
    const { api, replies, json } = setup();
    replies.push(json({ code: '0', msg: 'ok', data: 'x' }));
    await expect(api.call('tp', 'saba/x')).resolves.toBe('x');
  });

  it('reads an error in the code envelope and shows the message with its code', async () => {
    const { api, replies, json, effects } = setup();
    replies.push(json({ code: 'GW_123456', msg: 'Market closed', data: null }, 400));
    await expect(api.call('tp', 'saba/x')).rejects.toMatchObject({ kind: 'server', code: 'GW_123456', handled: true });
    expect(effects.toast).toHaveBeenCalledWith('fail', { text: 'Market closed', code: 'GW_123456' });
  });

  it('answers that is not an envelope (a proxy error page) get the plain 502 message', async () => {
    const { api, replies, effects } = setup();
    replies.push(() => new Response('<html>oops</html>', { status: 500 }));
    await expect(api.call('main', 'x')).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(effects.toast).toHaveBeenCalledWith('fail', { key: 'errors.badGateway' });
  });
});

describe('timeouts, rate limits, network and 502', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives up after 50 s with 'Request timed out'", async () => {
    const { api, replies, effects } = setup();
    replies.push(() => new Promise<Response>(() => undefined));
    const call = api.call('main', 'customer/getBalance');
    const settled = expect(call).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(49_999);
    expect(effects.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(effects.toast).toHaveBeenCalledWith('fail', { key: 'errors.timeout' });
  });

  it('gives combo calls 60 s', async () => {
    const { api, replies, effects } = setup();
    replies.push(() => new Promise<Response>(() => undefined));
    const call = api.call('tp', 'sabaCombo/comboBetToSaba');
    const settled = expect(call).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(effects.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(effects.toast).toHaveBeenCalledWith('fail', { key: 'errors.timeout' });
  });

  it.each([429, 439])('HTTP %i opens the frequent-request dialog', async (status) => {
    const { api, replies, json, effects } = setup();
    replies.push(json(main('GW_800429'), status));
    await expect(api.call('main', 'x')).rejects.toMatchObject({ kind: 'http', status });
    expect(effects.frequentRequest).toHaveBeenCalledOnce();
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('network errors are silent', async () => {
    const { api, replies, effects } = setup();
    replies.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.call('main', 'x')).rejects.toMatchObject({ kind: 'network' });
    expect(effectCalls(effects)).toEqual([]);
  });

  it('retries a 502 and resolves when the gateway recovers', async () => {
    const { api, replies, json, effects, sent } = setup();
    replies.push(() => new Response('bad gateway', { status: 502 }), json(main('0000', 'ok')));
    const call = api.call('main', 'x');
    // The Sign is computed by WebCrypto (off the main thread) before each call leaves: wait for the first.
    await untilSent(sent, 1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(call).resolves.toBe('ok');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers.get('Qid')).not.toBe(sent[1]?.headers.get('Qid'));
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it(`after ${BAD_GATEWAY_ATTEMPTS} 502s says 'Some issues have occurred', at most once per window`, async () => {
    const { api, replies, effects, sent } = setup();
    const bad = () => new Response('bad gateway', { status: 502 });
    for (let i = 0; i < BAD_GATEWAY_ATTEMPTS * 2; i++) replies.push(bad);
    // Each attempt leaves once its Sign is computed (WebCrypto, in real time); the clock then moves through
    // its backoff in small steps until the next attempt has left, so a call's attempts take about the
    // backoffs (3 s), both calls well inside one toast window.
    const attempts = async (before: number) => {
      for (let i = 1; i <= BAD_GATEWAY_ATTEMPTS; i++) {
        await untilSent(sent, before + i);
        for (let step = 0; i < BAD_GATEWAY_ATTEMPTS && sent.length < before + i + 1; step++) {
          if (step > 100) throw new Error(`attempt ${i + 1} did not leave`);
          await vi.advanceTimersByTimeAsync(100);
          await new Promise((resolve) => realSetTimeout(resolve, 1));
        }
      }
    };
    const first = expect(api.call('main', 'x')).rejects.toMatchObject({ kind: 'http', status: 502 });
    await attempts(0);
    await first;
    expect(sent).toHaveLength(BAD_GATEWAY_ATTEMPTS);
    expect(effects.toast).toHaveBeenCalledWith('fail', { key: 'errors.badGateway' });
    const second = expect(api.call('main', 'y')).rejects.toMatchObject({ status: 502 });
    await attempts(BAD_GATEWAY_ATTEMPTS);
    await second;
    expect(effects.toast).toHaveBeenCalledTimes(1);
  });

  it('a quiet call tells the player nothing', async () => {
    const { api, replies, json, effects } = setup();
    replies.push(json(main('GW_123')));
    await expect(api.call('main', 'customer/pvUvStatistics', {}, { quiet: true })).rejects.toMatchObject({ handled: false });
    expect(effectCalls(effects)).toEqual([]);
  });
});

describe('error catalogue (spec §8)', () => {
  async function answer(code: string, options: { path?: string; inGame?: boolean; envelope?: 'main' | 'code' } = {}) {
    const ctx = setup({ inGame: options.inGame ?? false });
    const payload = options.envelope === 'code' ? { code, msg: 'server says no', data: { order: 7 } } : main(code, { order: 7 });
    ctx.replies.push(ctx.json(payload));
    const result = await ctx.api.call(options.envelope === 'code' ? 'front' : 'main', options.path ?? 'some/call').then(
      (data) => ({ ok: true as const, data }),
      (error: unknown) => ({ ok: false as const, error: error as ApiError }),
    );
    return { ...ctx, result };
  }

  it('GW_510517 alerts TIPS about being under 21', async () => {
    const { result, effects } = await answer('GW_510517');
    expect(result.ok).toBe(false);
    expect(effects.alert).toHaveBeenCalledWith(expect.objectContaining({ titleKey: 'dialog.tips', messageKey: 'errors.underAge' }));
  });

  it("GW_510520 toasts 'Massive fanatics are waiting' outside a game", async () => {
    const { effects } = await answer('GW_510520');
    expect(effects.toast).toHaveBeenCalledWith('fail', expect.objectContaining({ key: 'errors.massiveFanatics' }));
  });

  it('GW_510520 is left to the game page in game', async () => {
    const { effects, result } = await answer('GW_510520', { inGame: true });
    expect(effectCalls(effects)).toEqual([]);
    expect(result.ok || result.error.handled).toBe(false);
  });

  it('GW_910099 tells the player the balance is not enough for the deposit', async () => {
    const { effects } = await answer('GW_910099');
    expect(effects.toast).toHaveBeenCalledWith('fail', expect.objectContaining({ key: 'errors.depositInsufficientBalance' }));
  });

  it('GW_801104 alerts a payment provider issue with an Okay button', async () => {
    const { effects } = await answer('GW_801104');
    expect(effects.alert).toHaveBeenCalledWith({
      titleKey: 'dialog.tips',
      messageKey: 'errors.paymentProviderIssue',
      confirmKey: 'common.okay',
      kind: 'alert',
    });
  });

  it('GW_801623 toasts with its code', async () => {
    const { effects } = await answer('GW_801623');
    expect(effects.toast).toHaveBeenCalledWith('fail', { text: 'server says no', code: 'GW_801623' });
  });

  it('GW_910230 shows the special (info) toast without a code', async () => {
    const { effects } = await answer('GW_910230');
    expect(effects.toast).toHaveBeenCalledWith('info', { text: 'server says no' });
  });

  it.each(['GW_801667', 'GW_801668'])('%s is left to the calling page on its paths', async (code) => {
    const { effects, result } = await answer(code, { path: 'withdraw/createWithdrawalRequest' });
    expect(effectCalls(effects)).toEqual([]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code, handled: false, data: { order: 7 } });
  });

  it.each([
    ['GW_900989', 'deposit/createDeposit'],
    ['GW_900990', 'deposit/createOnlineOrder'],
    ['GW_801129', 'withdraw/createWithdrawalRequest'],
    ['GW_800603', 'userAuth/loginByPhoneV4'],
  ])('%s returns its data on %s', async (code, path) => {
    const { effects, result } = await answer(code, { path });
    expect(result).toEqual({ ok: true, data: { order: 7 } });
    expect(effectCalls(effects)).toEqual([]);
  });

  it('GW_900989 on another path is an ordinary error', async () => {
    const { effects, result } = await answer('GW_900989', { path: 'customer/getBalance' });
    expect(result.ok).toBe(false);
    expect(effects.toast).toHaveBeenCalledWith('fail', { text: 'server says no', code: 'GW_900989' });
  });

  it.each(['GW_910302', 'GW_912325', 'GW_999999'])('%s is treated as success', async (code) => {
    const { effects, result } = await answer(code);
    expect(result).toEqual({ ok: true, data: { order: 7 } });
    expect(effectCalls(effects)).toEqual([]);
  });

  it('GW_910199 sets the blacklist flag', async () => {
    const { effects, result } = await answer('GW_910199');
    expect(effects.blacklist).toHaveBeenCalledOnce();
    expect(result.ok).toBe(false);
  });

  it('GW_999998 is rejected silently', async () => {
    const { effects, result } = await answer('GW_999998');
    expect(effectCalls(effects)).toEqual([]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.handled).toBe(true);
  });

  it('GW_899995 dumps the request and answer for debugging', async () => {
    const { effects } = await answer('GW_899995', { path: 'customer/getBalance' });
    expect(effects.debugDump).toHaveBeenCalledWith(
      expect.objectContaining({
        path: 'customer/getBalance',
        requestId: 'qid-1',
        response: expect.objectContaining({ code: 'GW_899995' }),
      }),
    );
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it.each(['GW_800403', 'GW_800405', 'GW_800406'])('%s (reset list) resets the token', async (code) => {
    const { effects } = await answer(code);
    expect(effects.resetToken).toHaveBeenCalledWith(code);
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it.each(['1099', '821006', '1027'])('%s is silent', async (code) => {
    const { effects, result } = await answer(code, { envelope: 'code' });
    expect(effectCalls(effects)).toEqual([]);
    expect(result.ok).toBe(false);
  });

  it.each([
    'GW_890203',
    'GW_890205',
    'GW_890206',
    'GW_890207',
    'GW_890209',
    'GW_890401',
    'GW_801716',
    'GW_910024',
    'GW_806006',
    'GW_890212',
    'GW_910220',
    'GW_801655',
    'GW_890201',
    'GW_890210',
  ])('gateway code %s is left to the calling feature', async (code) => {
    const { effects, result } = await answer(code);
    expect(effectCalls(effects)).toEqual([]);
    if (!result.ok) expect(result.error.handled).toBe(false);
  });

  it("a login demand opens login with the server's message", async () => {
    const { effects } = await answer('GW_800402');
    expect(effects.loginRequired).toHaveBeenCalledWith('server says no');
  });

  it('a changed mobile number opens its dialog', async () => {
    const { effects } = await answer('GW_800407');
    expect(effects.mobileChanged).toHaveBeenCalledOnce();
  });

  it('any other code toasts the message plus the code', async () => {
    const { effects } = await answer('GW_777777');
    expect(effects.toast).toHaveBeenCalledWith('fail', { text: 'server says no', code: 'GW_777777' });
  });
});

describe('a new visitor whose token has not come yet', () => {
  it('sends a call refused for having no session again, once, with the visitor token, and shows nothing', async () => {
    const { api, sent, replies, effects, json, visitorFetches } = setup({ visitorToken: 'visitor-tok' });
    replies.push(json(main('GW_800403')), json(main('0000', { missions: [] })));
    await expect(api.call('main', 'sport-activity/missions')).resolves.toEqual({ missions: [] });
    expect(visitorFetches).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.headers.get('token'))).toEqual(['', 'visitor-tok']);
    expect(effectCalls(effects)).toEqual([]);
  });

  it('says the session is not valid when no visitor token can be had, or the call with one is refused again', async () => {
    const offline = setup({ visitorToken: '' });
    offline.replies.push(offline.json(main('GW_800403')));
    await expect(offline.api.call('main', 'sport-activity/missions')).rejects.toMatchObject({ code: 'GW_800403' });
    expect(offline.sent).toHaveLength(1);
    expect(offline.effects.resetToken).toHaveBeenCalledWith('GW_800403');

    const refused = setup({ visitorToken: 'visitor-tok' });
    refused.replies.push(refused.json(main('GW_800403')), refused.json(main('GW_800403')));
    await expect(refused.api.call('main', 'sport-activity/missions')).rejects.toMatchObject({ code: 'GW_800403' });
    expect(refused.sent).toHaveLength(2);
    expect(refused.effects.resetToken).toHaveBeenCalledTimes(1);
  });
});
