// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db';
import { JobRunner } from '../../server/lib/jobs';
import { EWALLETS, amountProblem, outcomeMessage, payTypeEntries, presetsWithin } from '../../server/modules/deposits/ewallets';
import { paymentConfig } from '../../server/config/payments';

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

describe('deposit amounts, limits and presets', () => {
  const config = paymentConfig({}, false);

  it('defaults to the spec presets in centavos, ₱100 – ₱50,000 per e-wallet, turnover once', () => {
    expect(config.depositPresets).toEqual([10_000, 20_000, 50_000, 100_000, 200_000, 1_000_000]);
    expect(config.firstDepositPresets).toEqual(config.depositPresets);
    expect(config.deposit.gcash).toEqual({ min: 10_000, max: 5_000_000 });
    expect(config.turnoverPercent).toBe(100);
    expect(config.simulators).toBe(true);
    expect(paymentConfig({}, true).simulators).toBe(false);
  });

  it('reads the operator settings in pesos and shows at most 6 presets', () => {
    const custom = paymentConfig(
      {
        DEPOSIT_PRESETS: '50,100,300,500,1000,5000,20000',
        FIRST_DEPOSIT_PRESETS: '300 500',
        GCASH_DEPOSIT_MIN: '50',
        DEPOSIT_TURNOVER_PERCENT: '0',
      },
      false,
    );
    expect(custom.depositPresets).toHaveLength(6);
    expect(custom.firstDepositPresets).toEqual([30_000, 50_000]);
    expect(custom.deposit.gcash.min).toBe(5_000);
    expect(custom.turnoverPercent).toBe(0);
  });

  it('refuses settings that make no sense, naming the variable', () => {
    expect(() => paymentConfig({ DEPOSIT_PRESETS: '100,abc' }, false)).toThrow(/DEPOSIT_PRESETS/);
    expect(() => paymentConfig({ MAYA_DEPOSIT_MIN: '900', MAYA_DEPOSIT_MAX: '100' }, false)).toThrow(/MAYA_DEPOSIT_MIN/);
    expect(() => paymentConfig({ DEPOSIT_TURNOVER_PERCENT: '-1' }, false)).toThrow(/DEPOSIT_TURNOVER_PERCENT/);
    expect(() => paymentConfig({ PUBLIC_URL: 'panalo.example/path' }, false)).toThrow(/PUBLIC_URL/);
  });

  it('keeps only the presets a channel takes', () => {
    expect(presetsWithin([10_000, 20_000, 1_000_000], { min: 15_000, max: 500_000 })).toEqual([20_000]);
  });

  it('says why an amount is refused, in pesos', () => {
    const limits = { min: 10_000, max: 5_000_000 };
    expect(amountProblem(9_999, limits, 'GCash')).toBe('The smallest GCash deposit is ₱100.00.');
    expect(amountProblem(5_000_001, limits, 'Maya')).toBe('The largest Maya deposit is ₱50,000.00. Please enter a smaller amount.');
    expect(amountProblem(10_000, limits, 'GCash')).toBeUndefined();
    expect(amountProblem(5_000_000, limits, 'GCash')).toBeUndefined();
    expect(amountProblem(0, limits, 'GCash')).toBe('Please enter a valid amount.');
  });

  it('lists a channel that is down as unavailable, and Maya first in the Maya mini-app', () => {
    const entries = payTypeEntries(config, { gcash: false, maya: true });
    expect(entries.map((entry) => [entry.payType, entry.channels[0]!.available])).toEqual([
      ['gcash', false],
      ['maya', true],
    ]);
    expect(payTypeEntries(config, { gcash: true, maya: true }, 'MAYAMINIAPP_AP')[0]!.payType).toBe('maya');
    expect(EWALLETS.map((channel) => channel.logo)).toEqual(['/payments/gcash.svg', '/payments/maya.svg']);
  });

  it('tells the player what to do after each way a checkout ends', () => {
    expect(outcomeMessage('expired', 'GCash')).toMatch(/expired.*start a new deposit/);
    expect(outcomeMessage('cancelled', 'Maya')).toMatch(/cancelled/);
    expect(outcomeMessage('failed', 'Maya', 'ACCOUNT_BLOCKED')).toMatch(/contact Maya/);
    expect(outcomeMessage('failed', 'GCash', 'INSUFFICIENT_BALANCE')).toMatch(/Top up/);
  });
});

describe('shared jobs', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ pglite: await PGlite.create() });
  }, 120_000);
  afterAll(() => database?.close());

  it('runs a job on one instance at a time; another takes over when the holder stops', async () => {
    const ran: string[] = [];
    const runner = (name: string) => {
      const jobs = new JobRunner({ db: database.db, log: silent, clock: () => 0, run: false });
      jobs.add('expiry', 60_000, async () => ran.push(name));
      return jobs;
    };
    const first = runner('first');
    const second = runner('second');
    await first.tick();
    await second.tick();
    await first.tick();
    expect(ran).toEqual(['first', 'first']);
    await first.stop();
    await second.tick();
    expect(ran).toEqual(['first', 'first', 'second']);
    await second.stop();
  });

  it('logs a failing job and still runs the others', async () => {
    const jobs = new JobRunner({ db: database.db, log: silent, clock: () => 0, run: false });
    jobs.add('broken', 1_000, async () => {
      throw new Error('boom');
    });
    jobs.add('fine', 1_000, async () => 'done');
    expect(await jobs.tick()).toEqual({ broken: undefined, fine: 'done' });
    await jobs.stop();
  });
});
