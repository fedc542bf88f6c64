import { describe, expect, it } from 'vitest';
import { showCheckout, submitCheckout } from '../../server/providers/payments/checkoutPage';
import { mayaKeyPair } from '../../server/providers/payments/simulators';
import { checkMayaSignature, checkPaymongoSignature, mayaSignature, paymongoSignature } from '../../server/providers/payments/signatures';
import { paymongoVerifier } from '../../server/providers/payments/paymongo';
import { mayaVerifier } from '../../server/providers/payments/maya';
import { xenditPayoutVerifier } from '../../server/providers/payments/payouts';
import { MAX_ATTEMPTS } from '../../server/providers/payments/webhooks';
import { MAYA_KEYS, RETURN_URLS, SECRETS, START, paymentsWorld } from './paymentsHarness';

const HOUR = 3_600_000;
const checkoutOf = (amount: number, reference: string, idempotencyKey = `key-${reference}`) => ({
  amount,
  reference,
  idempotencyKey,
  returnUrls: RETURN_URLS,
});

describe('webhook signatures', () => {
  const body = '{"data":{"id":"evt_1","attributes":{"type":"payment.paid"}}}';

  it('PayMongo: a signed body verifies; a changed byte, another secret or an old timestamp does not', () => {
    const header = paymongoSignature(body, SECRETS.paymongoWebhookSecret, START);
    expect(checkPaymongoSignature(header, body, SECRETS.paymongoWebhookSecret, START + 1000)).toBe('ok');
    expect(checkPaymongoSignature(header, Buffer.from(body), SECRETS.paymongoWebhookSecret, START)).toBe('ok');
    expect(checkPaymongoSignature(header, body.replace('paid', 'pa1d'), SECRETS.paymongoWebhookSecret, START)).toBe('bad-signature');
    expect(checkPaymongoSignature(header, body, 'another secret', START)).toBe('bad-signature');
    expect(checkPaymongoSignature(header, body, SECRETS.paymongoWebhookSecret, START + 10 * 60_000)).toBe('stale');
    expect(checkPaymongoSignature(undefined, body, SECRETS.paymongoWebhookSecret, START)).toBe('no-signature');
    // A test-mode signature is not a live one.
    expect(checkPaymongoSignature(header, body, SECRETS.paymongoWebhookSecret, START, true)).toBe('no-signature');
  });

  it('PayMongo: the timestamp is part of what is signed', () => {
    const header = paymongoSignature(body, SECRETS.paymongoWebhookSecret, START);
    const moved = header.replace(/^t=\d+/, `t=${Math.floor(START / 1000) + 60}`);
    expect(checkPaymongoSignature(moved, body, SECRETS.paymongoWebhookSecret, START)).toBe('bad-signature');
  });

  it("Maya: RSA-SHA256 verifies with Maya's public key only, over the exact body", () => {
    const header = mayaSignature(body, MAYA_KEYS.privateKeyPem, 'n0nce');
    expect(checkMayaSignature(header, body, MAYA_KEYS.publicKeyPem)).toBe('ok');
    expect(checkMayaSignature(header, `${body} `, MAYA_KEYS.publicKeyPem)).toBe('bad-signature');
    expect(checkMayaSignature(header.replace('n0nce', 'other'), body, MAYA_KEYS.publicKeyPem)).toBe('bad-signature');
    expect(checkMayaSignature(header, body, mayaKeyPair().publicKeyPem)).toBe('bad-signature');
    expect(checkMayaSignature('v1=abc', body, MAYA_KEYS.publicKeyPem)).toBe('no-signature');
  });

  it('verifiers refuse before parsing, and refuse a signed body that is not an event', () => {
    const paymongo = paymongoVerifier(SECRETS.paymongoWebhookSecret);
    expect(paymongo.verify({}, 'not json', START)).toEqual({ ok: false, reason: 'no-signature' });
    const signed = { 'paymongo-signature': paymongoSignature('not json', SECRETS.paymongoWebhookSecret, START) };
    expect(paymongo.verify(signed, 'not json', START)).toEqual({ ok: false, reason: 'malformed' });
    expect(mayaVerifier(MAYA_KEYS.publicKeyPem).verify({ 'x-maya-webhook-signature': 'nonce=a,v1=b' }, '{}', START).ok).toBe(false);
    expect(xenditPayoutVerifier('token').verify({ 'x-callback-token': 'tokem' }, '{}', START)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });
});

describe('GCash checkout (PayMongo-style)', () => {
  it('a paid checkout is credited once, through duplicates, retries and a player who only came back', async () => {
    const world = paymentsWorld({ copies: 4, spreadMs: 60_000 });
    const checkout = await world.sims.gcash.createCheckout(checkoutOf(50_000, 'D1'));
    expect(checkout).toMatchObject({ providerStatus: 'awaiting_next_action', outcome: null, amount: 50_000 });
    expect(checkout.checkoutUrl).toBe(`http://127.0.0.1:8080/sim/paymongo/checkout/${checkout.checkoutId}`);

    const answer = await submitCheckout(world.sims.gcash, checkout.checkoutId, 'action=pay', world.now());
    expect(answer).toEqual({ status: 303, redirectTo: RETURN_URLS.success });
    // Back on our site while the payment processes: nothing is sent, nothing credited.
    await world.sims.tick(world.now());
    expect(world.arrivals).toEqual([]);
    expect((await world.sims.gcash.queryCheckout(checkout.checkoutId)).providerStatus).toBe('processing');

    // Our endpoint is down for the first two minutes: the provider retries with backoff.
    world.answerFirst(() => (world.now() < START + 2 * 60_000 ? 503 : undefined));
    await world.advance(HOUR);
    expect(world.arrivals.length).toBe(4);
    expect(new Set(world.arrivals.map((event) => event.eventId)).size).toBe(1);
    expect(world.credits).toEqual(['D1']);
    expect(world.deposits.get('D1')).toBe('paid');
    expect(await world.sims.gcash.queryCheckout(checkout.checkoutId)).toMatchObject({ providerStatus: 'succeeded', outcome: 'paid' });
    expect(world.refused).toEqual([]);
  });

  it('a failed attempt whose webhook arrives after the later payment leaves the order paid, credited once', async () => {
    const world = paymentsWorld({ copies: 2, spreadMs: 1_000 });
    const { checkoutId } = await world.sims.gcash.createCheckout(checkoutOf(20_000, 'D2'));
    await world.sims.gcash.declineNextAttempt(checkoutId);
    await world.sims.gcash.pay(checkoutId, world.now());
    // Every first delivery of the failure is lost, so its retries come after the success.
    world.answerFirst((body) => (body.includes('payment.failed') && world.now() < START + 20_000 ? 500 : undefined));
    await world.advance(10_000, 1_000);
    expect((await world.sims.gcash.queryCheckout(checkoutId)).providerStatus).toBe('awaiting_payment_method');
    await world.sims.gcash.pay(checkoutId, world.now());
    await world.advance(10 * 60_000, 1_000);

    const kinds = world.arrivals.map((event) => (event.kind === 'deposit' ? event.outcome : event.status));
    expect(kinds.indexOf('paid')).toBeLessThan(kinds.indexOf('failed'));
    expect(world.credits).toEqual(['D2']);
    expect(world.deposits.get('D2')).toBe('paid');
  });

  it('expires after 4 hours with a final webhook; a late Pay goes back to the failure page and moves nothing', async () => {
    const world = paymentsWorld();
    const { checkoutId, expiresAt } = await world.sims.gcash.createCheckout(checkoutOf(10_000, 'D3'));
    expect(expiresAt).toBe(START + 4 * HOUR);
    await world.advance(4 * HOUR - 1_000, 60_000);
    expect(world.arrivals).toEqual([]);
    await world.advance(2 * 60_000);
    expect(world.deposits.get('D3')).toBe('expired');
    expect(world.arrivals[0]).toMatchObject({ outcome: 'expired', final: true, failureCode: 'CLOSED' });

    const page = await showCheckout(world.sims.gcash, checkoutId, world.now());
    expect(page.html).toContain('This checkout has expired');
    expect(page.html).not.toContain('<form');
    expect(await submitCheckout(world.sims.gcash, checkoutId, 'action=pay', world.now())).toEqual({
      status: 303,
      redirectTo: RETURN_URLS.failure,
    });
    await world.advance(HOUR, 60_000);
    expect(world.credits).toEqual([]);
  });

  it('magic amounts: channel unavailable, account blocked, and a timeout whose retry finds the checkout', async () => {
    const world = paymentsWorld({ copies: 1, spreadMs: 0 });
    await expect(world.sims.gcash.createCheckout(checkoutOf(1_010_100, 'D4'))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });

    const blocked = await world.sims.gcash.createCheckout(checkoutOf(2_010_300, 'D5'));
    await world.sims.gcash.pay(blocked.checkoutId, world.now());
    await world.advance(60_000);
    expect(world.arrivals).toEqual([expect.objectContaining({ outcome: 'failed', final: false, failureCode: 'ACCOUNT_BLOCKED' })]);
    expect(world.deposits.get('D5')).toBe('pending');

    await expect(world.sims.gcash.createCheckout(checkoutOf(3_030_300, 'D6'))).rejects.toMatchObject({ code: 'TIMEOUT' });
    const retried = await world.sims.gcash.createCheckout(checkoutOf(3_030_300, 'D6'));
    expect(retried).toMatchObject({ reference: 'D6', outcome: null });
    expect(world.credits).toEqual([]);
  });

  it('an idempotency key answers the first checkout, and refuses reuse for another one', async () => {
    const world = paymentsWorld();
    const first = await world.sims.gcash.createCheckout(checkoutOf(50_000, 'D7', 'same-key'));
    const again = await world.sims.gcash.createCheckout(checkoutOf(50_000, 'D7', 'same-key'));
    expect(again).toEqual(first);
    await expect(world.sims.gcash.createCheckout(checkoutOf(60_000, 'D8', 'same-key'))).rejects.toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
    });
    // The key belongs to one provider: Maya does not see PayMongo's keys.
    expect((await world.sims.maya.createCheckout(checkoutOf(60_000, 'D8', 'same-key'))).reference).toBe('D8');
  });

  it('while GCash is down its checkouts are refused and Maya still works; back up, GCash works again', async () => {
    const world = paymentsWorld();
    await world.sims.setChannelDown('gcash', true);
    await expect(world.sims.gcash.createCheckout(checkoutOf(50_000, 'D9'))).rejects.toMatchObject({ code: 'PROVIDER_DOWN' });
    await expect(world.sims.maya.createCheckout(checkoutOf(50_000, 'D10'))).resolves.toMatchObject({ outcome: null });
    await world.sims.setChannelDown('gcash', false);
    await expect(world.sims.gcash.createCheckout(checkoutOf(50_000, 'D9'))).resolves.toMatchObject({ outcome: null });
  });
});

describe('Maya checkout', () => {
  it('paid through the hosted page: PAYMENT_SUCCESS, RSA-signed, credited once', async () => {
    const world = paymentsWorld({ copies: 3, spreadMs: 30_000 });
    const { checkoutId, providerStatus, expiresAt } = await world.sims.maya.createCheckout(checkoutOf(123_456, 'M1'));
    expect(providerStatus).toBe('PENDING_PAYMENT');
    expect(expiresAt).toBe(START + 30 * 60_000);
    await submitCheckout(world.sims.maya, checkoutId, 'action=pay', world.now());
    await world.advance(5 * 60_000);
    expect(world.arrivals).toHaveLength(3);
    expect(world.arrivals[0]).toMatchObject({
      provider: 'maya',
      amount: 123_456,
      outcome: 'paid',
      eventId: `${checkoutId}:PAYMENT_SUCCESS`,
    });
    expect(world.credits).toEqual(['M1']);
  });

  it('a cancel goes to the cancel page and is final; an untouched checkout expires after 30 minutes', async () => {
    const world = paymentsWorld({ copies: 1, spreadMs: 0 });
    const cancelled = await world.sims.maya.createCheckout(checkoutOf(50_000, 'M2'));
    const idle = await world.sims.maya.createCheckout(checkoutOf(50_000, 'M3'));
    expect(await submitCheckout(world.sims.maya, cancelled.checkoutId, 'action=cancel', world.now())).toEqual({
      status: 303,
      redirectTo: RETURN_URLS.cancel,
    });
    await world.advance(29 * 60_000, 60_000);
    expect(world.deposits.get('M2')).toBe('cancelled');
    expect(world.deposits.has('M3')).toBe(false);
    await world.advance(60_000);
    expect(world.deposits.get('M3')).toBe('expired');
    expect((await world.sims.maya.queryCheckout(idle.checkoutId)).providerStatus).toBe('PAYMENT_EXPIRED');
  });

  it('a blocked account fails the checkout for good', async () => {
    const world = paymentsWorld({ copies: 1, spreadMs: 0 });
    const { checkoutId } = await world.sims.maya.createCheckout(checkoutOf(2_010_300, 'M4'));
    await world.sims.maya.pay(checkoutId, world.now());
    await world.advance(60_000);
    expect(world.deposits.get('M4')).toBe('failed');
    expect((await showCheckout(world.sims.maya, checkoutId, world.now())).html).not.toContain('<form');
  });
});

describe('webhook delivery', () => {
  it('gives up after 12 attempts to an endpoint that never answers 2xx, and a forged one is refused', async () => {
    const world = paymentsWorld({ copies: 1, spreadMs: 0 });
    let attempts = 0;
    world.answerFirst(() => (attempts++, 500));
    const { checkoutId } = await world.sims.gcash.createCheckout(checkoutOf(50_000, 'W1'));
    await world.sims.gcash.pay(checkoutId, world.now());
    await world.advance(24 * HOUR, 10 * 60_000);
    const [delivery] = await world.store.due('delivery', Number.MAX_SAFE_INTEGER, 10);
    expect(delivery).toBeUndefined();
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(world.credits).toEqual([]);

    const forged = JSON.stringify({ data: { id: 'evt_forged', attributes: { type: 'payment.paid' } } });
    const verdict = paymongoVerifier(SECRETS.paymongoWebhookSecret).verify(
      { 'paymongo-signature': paymongoSignature(forged, 'guessed secret', world.now()) },
      forged,
      world.now(),
    );
    expect(verdict).toEqual({ ok: false, reason: 'bad-signature' });
    expect(MAX_ATTEMPTS).toBe(12);
  });
});

describe('hosted checkout page', () => {
  it('shows amount, merchant and expiry with Pay and Cancel in a form POST, no script and no inline style', async () => {
    const world = paymentsWorld();
    const { checkoutId } = await world.sims.gcash.createCheckout(checkoutOf(123_456, '<b>D11</b>'));
    const { status, html } = await showCheckout(world.sims.gcash, checkoutId, world.now());
    expect(status).toBe(200);
    expect(html).toContain('₱1,234.56');
    expect(html).toContain('Pay Panalo');
    expect(html).toContain(`<time datetime="${new Date(START + 4 * HOUR).toISOString()}"`);
    expect(html).toContain(`<form method="post" action="/sim/paymongo/checkout/${checkoutId}">`);
    expect(html).toMatch(/name="action" value="pay"[\s\S]*name="action" value="cancel"/);
    expect(html).toContain('&lt;b&gt;D11&lt;/b&gt;');
    expect(html).not.toMatch(/<script|<style| style=| on[a-z]+=/i);
  });

  it('answers 404 for an unknown or another provider’s checkout, 400 for an unknown action', async () => {
    const world = paymentsWorld();
    const { checkoutId } = await world.sims.maya.createCheckout(checkoutOf(50_000, 'D12'));
    expect((await showCheckout(world.sims.gcash, checkoutId, world.now())).status).toBe(404);
    expect((await showCheckout(world.sims.gcash, 'pi_nothing', world.now())).status).toBe(404);
    expect((await submitCheckout(world.sims.maya, checkoutId, 'action=steal', world.now())).status).toBe(400);
    expect((await world.sims.maya.queryCheckout(checkoutId)).outcome).toBeNull();
  });
});
