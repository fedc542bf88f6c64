import { describe, expect, it } from 'vitest';
import { centavosOf, mayaCheckout, pesosText } from '../../server/providers/payments/maya';
import { depositAfter } from '../../server/providers/payments/outcomes';
import { paymongoGcash } from '../../server/providers/payments/paymongo';
import { pesos } from '../../server/providers/payments/checkoutPage';
import { railFor } from '../../server/providers/payments/rails';
import type { CheckoutStage } from '../../server/providers/payments/records';

const STAGES: CheckoutStage[] = ['open', 'processing', 'attempt-failed', 'paid', 'failed', 'expired', 'cancelled'];

describe('status words of each provider', () => {
  it('PayMongo intent and Maya checkout statuses for every stage', () => {
    expect(STAGES.map((stage) => paymongoGcash.statusWord(stage))).toEqual([
      'awaiting_next_action',
      'processing',
      'awaiting_payment_method',
      'succeeded',
      'awaiting_payment_method',
      'awaiting_payment_method',
      'awaiting_payment_method',
    ]);
    expect(STAGES.map((stage) => mayaCheckout.statusWord(stage))).toEqual([
      'PENDING_PAYMENT',
      'PAYMENT_PROCESSING',
      'PAYMENT_FAILED',
      'PAYMENT_SUCCESS',
      'PAYMENT_FAILED',
      'PAYMENT_EXPIRED',
      'PAYMENT_CANCELLED',
    ]);
  });

  it('pending stages send no webhook', () => {
    const checkout = {
      provider: 'maya' as const,
      channel: 'maya' as const,
      amount: 100,
      reference: 'R',
      description: 'd',
      returnUrls: { success: '/', failure: '/', cancel: '/' },
      createdAt: 0,
      expiresAt: 1,
      processingUntil: null,
      attempts: 0,
      declineNext: false,
      failureCode: null,
    };
    for (const profile of [paymongoGcash, mayaCheckout]) {
      expect(profile.webhook('x', { ...checkout, stage: 'open' }, 0)).toBeUndefined();
      expect(profile.webhook('x', { ...checkout, stage: 'processing' }, 0)).toBeUndefined();
      expect(profile.webhook('x', { ...checkout, stage: 'paid' }, 0)).toBeDefined();
    }
  });
});

describe('our deposit rules', () => {
  it('paid credits once and stays; a closed order still takes a late payment; a non-final failure waits', () => {
    expect(depositAfter('pending', { outcome: 'paid', final: true })).toEqual({ state: 'paid', credit: true });
    expect(depositAfter('paid', { outcome: 'paid', final: true })).toEqual({ state: 'paid', credit: false });
    expect(depositAfter('paid', { outcome: 'expired', final: true })).toEqual({ state: 'paid', credit: false });
    expect(depositAfter('expired', { outcome: 'paid', final: true })).toEqual({ state: 'paid', credit: true });
    expect(depositAfter('pending', { outcome: 'failed', final: false })).toEqual({ state: 'pending', credit: false });
    expect(depositAfter('pending', { outcome: 'cancelled', final: true })).toEqual({ state: 'cancelled', credit: false });
    expect(depositAfter('cancelled', { outcome: 'expired', final: true })).toEqual({ state: 'cancelled', credit: false });
  });
});

describe('amounts', () => {
  it('centavos to peso text and back, exactly', () => {
    expect(pesosText(50_000)).toBe('500.00');
    expect(pesosText(123_405)).toBe('1234.05');
    expect(centavosOf('1234.05')).toBe(123_405);
    expect(centavosOf('500')).toBe(50_000);
    expect(centavosOf('0.1')).toBe(10);
    for (const bad of ['1.005', '-5', '1e3', '', ' 5', 5]) expect(centavosOf(bad)).toBeUndefined();
    expect(pesos(123_456_789)).toBe('₱1,234,567.89');
  });

  it('InstaPay up to ₱50,000; above it PESONet for banks only', () => {
    expect(railFor('gcash', 5_000_000)).toBe('instapay');
    expect(railFor('gcash', 5_000_001)).toBeUndefined();
    expect(railFor('bank', 5_000_001)).toBe('pesonet');
    expect(railFor('bank', 1_000_000_001)).toBeUndefined();
  });
});
