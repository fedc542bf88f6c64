import { describe, expect, it } from 'vitest';
import { payoutAfter } from '../../server/providers/payments/outcomes';
import { REVERSAL_AFTER_MS } from '../../server/providers/payments/payouts';
import { nextPesonetCycle } from '../../server/providers/payments/rails';
import type { PayoutRequest } from '../../server/providers/payments/types';
import { START, paymentsWorld } from './paymentsHarness';

const MINUTE = 60_000;
const toGcash = (amount: number, reference: string, idempotencyKey = `key-${reference}`): PayoutRequest => ({
  amount,
  reference,
  idempotencyKey,
  destination: { channel: 'gcash', accountNumber: '09175550123', accountName: 'Juan Dela Cruz' },
});

describe('payouts (Xendit-style)', () => {
  it('accepted → pending send nothing; InstaPay succeeds within minutes with one webhook seen once', async () => {
    const world = paymentsWorld({ copies: 3, spreadMs: 30_000 });
    const payout = await world.sims.payouts.createPayout(toGcash(20_000, 'W1'));
    expect(payout).toMatchObject({ status: 'accepted', providerStatus: 'ACCEPTED', rail: 'instapay' });
    expect(payout.expectedBy).toBeLessThanOrEqual(START + 5 * MINUTE);

    await world.advance(30_000);
    expect(await world.sims.payouts.queryPayout(payout.payoutId)).toMatchObject({ status: 'pending', providerStatus: 'REQUESTED' });
    expect(world.arrivals).toEqual([]);

    await world.advance(5 * MINUTE);
    expect((await world.sims.payouts.queryPayout(payout.payoutId)).status).toBe('succeeded');
    expect(world.arrivals).toHaveLength(3);
    expect(world.seen.size).toBe(1);
    expect(world.payouts.get('W1')).toBe('succeeded');
    expect(world.arrivals[0]).toMatchObject({ kind: 'payout', amount: 20_000, status: 'succeeded', payoutId: payout.payoutId });
    expect(world.givenBack).toEqual([]);
  });

  it('a tick that comes late settles the payout when it was due, as expectedBy said (not a transfer time later)', async () => {
    const world = paymentsWorld();
    const payout = await world.sims.payouts.createPayout(toGcash(20_000, 'W5'));
    // The first tick after creation comes 3 minutes late (a leader taking over, a test stepping ahead).
    await world.sims.tick(START + 3 * MINUTE);
    expect((await world.sims.payouts.queryPayout(payout.payoutId)).status).toBe('pending');
    // Its transfer began when acceptance was due (InstaPay's 2 minutes are over), so the next tick ends it.
    await world.sims.tick(START + 3 * MINUTE + 1_000);
    expect((await world.sims.payouts.queryPayout(payout.payoutId)).status).toBe('succeeded');
    // Its webhook reaches us, as any other (seen once however many copies came).
    await world.advance(10 * MINUTE);
    expect(world.payouts.get('W5')).toBe('succeeded');
    expect(world.seen.size).toBe(1);
  });

  it('a blocked account fails the payout and the held amount comes back once', async () => {
    const world = paymentsWorld();
    await world.sims.payouts.createPayout(toGcash(2_010_300, 'W2'));
    await world.advance(10 * MINUTE);
    expect(world.payouts.get('W2')).toBe('failed');
    expect(world.arrivals[0]).toMatchObject({ status: 'failed', failureCode: 'REJECTED_BY_CHANNEL' });
    expect(world.givenBack).toEqual(['W2']);
  });

  it('a succeeded payout can be reversed a day later (magic amount or at any time): given back once', async () => {
    const world = paymentsWorld();
    const magic = await world.sims.payouts.createPayout(toGcash(4_040_400, 'W3'));
    const plain = await world.sims.payouts.createPayout(toGcash(70_000, 'W4'));
    await world.advance(10 * MINUTE);
    expect(world.payouts.get('W3')).toBe('succeeded');
    await world.sims.payouts.reverse(plain.payoutId, world.now());
    await world.advance(REVERSAL_AFTER_MS + 30 * MINUTE, 30 * MINUTE);
    expect((await world.sims.payouts.queryPayout(magic.payoutId)).status).toBe('reversed');
    expect(world.payouts.get('W3')).toBe('reversed');
    expect(world.payouts.get('W4')).toBe('reversed');
    expect(world.givenBack.sort()).toEqual(['W3', 'W4']);
  });

  it('a reversal that arrives before its success gives back once, and the late success changes nothing', () => {
    const reversed = payoutAfter('pending', 'reversed');
    expect(reversed).toEqual({ state: 'reversed', giveBack: true });
    expect(payoutAfter(reversed.state, 'succeeded')).toEqual({ state: 'reversed', giveBack: false });
    expect(payoutAfter('failed', 'reversed')).toEqual({ state: 'failed', giveBack: false });
    expect(payoutAfter('succeeded', 'failed')).toEqual({ state: 'succeeded', giveBack: false });
  });

  it('above ₱50,000: a bank payout goes by PESONet at the next cycle; an e-wallet refuses it', async () => {
    const world = paymentsWorld();
    const bank: PayoutRequest = {
      amount: 6_000_000,
      reference: 'W5',
      idempotencyKey: 'k5',
      destination: { channel: 'bank', bankCode: 'BDO', accountNumber: '001234567890', accountName: 'Juan Dela Cruz' },
    };
    // Sunday 10:00 in Manila: no cycle until Monday 10:00.
    const payout = await world.sims.payouts.createPayout(bank);
    expect(payout).toMatchObject({ rail: 'pesonet', expectedBy: Date.parse('2025-06-02T02:00:00Z') });
    await expect(world.sims.payouts.createPayout(toGcash(6_000_000, 'W6'))).rejects.toMatchObject({ code: 'AMOUNT_ABOVE_LIMIT' });
    await world.advance(23 * 60 * MINUTE, 30 * MINUTE);
    expect((await world.sims.payouts.queryPayout(payout.payoutId)).status).toBe('pending');
    await world.advance(90 * MINUTE, 30 * MINUTE);
    expect(world.payouts.get('W5')).toBe('succeeded');
  });

  it('PESONet cycles: 10:00, 13:00 and 16:00 Manila on weekdays', () => {
    const manila = (iso: string) => Date.parse(`${iso}+08:00`);
    expect(nextPesonetCycle(manila('2025-06-02T09:59:00'))).toBe(manila('2025-06-02T10:00:00'));
    expect(nextPesonetCycle(manila('2025-06-02T10:00:00'))).toBe(manila('2025-06-02T13:00:00'));
    expect(nextPesonetCycle(manila('2025-06-06T16:30:00'))).toBe(manila('2025-06-09T10:00:00'));
  });

  it('an idempotency key answers the first payout; a timeout leaves a payout that the retry finds', async () => {
    const world = paymentsWorld();
    const first = await world.sims.payouts.createPayout(toGcash(20_000, 'W7', 'same'));
    expect(await world.sims.payouts.createPayout(toGcash(20_000, 'W7', 'same'))).toEqual(first);
    await expect(world.sims.payouts.createPayout(toGcash(30_000, 'W8', 'same'))).rejects.toMatchObject({ code: 'DUPLICATE_TRANSACTION' });

    await expect(world.sims.payouts.createPayout(toGcash(3_030_300, 'W9'))).rejects.toMatchObject({ code: 'TIMEOUT' });
    const found = await world.sims.payouts.createPayout(toGcash(3_030_300, 'W9'));
    await world.advance(10 * MINUTE);
    expect((await world.sims.payouts.queryPayout(found.payoutId)).status).toBe('succeeded');
    expect(world.seen.size).toBe(2);
  });

  it('while GCash is down new payouts are refused and pending ones wait; they settle once it is back', async () => {
    const world = paymentsWorld();
    const payout = await world.sims.payouts.createPayout(toGcash(20_000, 'W10'));
    await world.sims.setChannelDown('gcash', true);
    await expect(world.sims.payouts.createPayout(toGcash(20_000, 'W11'))).rejects.toMatchObject({ code: 'PROVIDER_DOWN' });
    await expect(world.sims.payouts.createPayout(toGcash(1_010_100, 'W12'))).rejects.toMatchObject({ code: 'PROVIDER_DOWN' });
    await world.advance(60 * MINUTE, MINUTE);
    expect((await world.sims.payouts.queryPayout(payout.payoutId)).status).toBe('pending');
    await world.sims.setChannelDown('gcash', false);
    await world.advance(5 * MINUTE);
    expect(world.payouts.get('W10')).toBe('succeeded');
  });

  it('a magic amount makes an available channel refuse the payout', async () => {
    const world = paymentsWorld();
    await expect(world.sims.payouts.createPayout(toGcash(1_010_100, 'W13'))).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    await expect(world.sims.payouts.createPayout(toGcash(0, 'W14'))).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
  });
});
