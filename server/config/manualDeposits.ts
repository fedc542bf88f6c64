import { createHmac } from 'node:crypto';
import * as z from 'zod/mini';

/**
 * The operator's settings of the deposits a person completes (bank transfers reviewed by the operator,
 * cash at an agent or store): the house's receiving bank accounts, how long an order waits, and the
 * agent network's callback secret. From the environment; development has demo accounts, production
 * none until the operator names them.
 */
export interface HouseBank {
  bankInfoId: number;
  bankName: string;
  accountName: string;
  accountNo: string;
  /** Centavos. */
  minAmount: number;
  maxAmount: number;
}

export interface ManualDepositSettings {
  banks: HouseBank[];
  /** True when `banks` are the development's demo accounts (DEPOSIT_BANKS not set): never used in production. */
  demoBanks: boolean;
  /** A bank deposit without a receipt expires after this long. */
  bankExpiryMs: number;
  /** An agent payment code is valid this long. */
  agentCodeMs: number;
  agentMinAmount: number;
  agentMaxAmount: number;
  /** The HMAC secret the agent network signs its callbacks with. */
  agentCallbackSecret: string;
  /** How often reconciliation runs (RECONCILE_MINUTES, default 5), and how far back it looks (RECONCILE_WINDOW_HOURS, default 72). */
  reconcileEveryMs: number;
  reconcileWindowMs: number;
}

const DEMO_BANKS: HouseBank[] = [
  {
    bankInfoId: 1,
    bankName: 'BDO Unibank',
    accountName: 'Panalo Gaming Corp.',
    accountNo: '0012 3456 7890',
    minAmount: 10_000,
    maxAmount: 50_000_000,
  },
  {
    bankInfoId: 2,
    bankName: 'BPI',
    accountName: 'Panalo Gaming Corp.',
    accountNo: '3089 1234 56',
    minAmount: 10_000,
    maxAmount: 50_000_000,
  },
  {
    bankInfoId: 3,
    bankName: 'UnionBank',
    accountName: 'Panalo Gaming Corp.',
    accountNo: '1090 0012 3456',
    minAmount: 10_000,
    maxAmount: 50_000_000,
  },
];

/** DEPOSIT_BANKS: a JSON list; amounts in pesos as the operator thinks of them. */
const banksSchema = z.array(
  z.object({
    bankInfoId: z.int().check(z.positive()),
    bankName: z.string().check(z.minLength(2)),
    accountName: z.string().check(z.minLength(2)),
    accountNo: z.string().check(z.minLength(4)),
    minPesos: z.optional(z.number().check(z.positive())),
    maxPesos: z.optional(z.number().check(z.positive())),
  }),
);

function minutes(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback * 60_000;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number of minutes, not ${value}`);
  return n * 60_000;
}

function hours(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback * 3_600_000;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number of hours, not ${value}`);
  return n * 3_600_000;
}

export function manualDepositSettings(env: NodeJS.ProcessEnv, production: boolean, secret: string): ManualDepositSettings {
  let banks = production ? [] : DEMO_BANKS;
  if (env['DEPOSIT_BANKS']) {
    const parsed = banksSchema.safeParse(JSON.parse(env['DEPOSIT_BANKS']));
    if (!parsed.success)
      throw new Error('DEPOSIT_BANKS must be a JSON list of {bankInfoId, bankName, accountName, accountNo, minPesos?, maxPesos?}');
    banks = parsed.data.map(({ minPesos, maxPesos, ...bank }) => ({
      ...bank,
      minAmount: Math.round((minPesos ?? 100) * 100),
      maxAmount: Math.round((maxPesos ?? 500_000) * 100),
    }));
  }
  return {
    banks,
    demoBanks: !env['DEPOSIT_BANKS'],
    bankExpiryMs: minutes(env['BANK_DEPOSIT_EXPIRY_MINUTES'], 24 * 60, 'BANK_DEPOSIT_EXPIRY_MINUTES'),
    agentCodeMs: 24 * 60 * 60_000,
    agentMinAmount: 10_000,
    agentMaxAmount: 5_000_000,
    agentCallbackSecret: env['AGENT_CALLBACK_SECRET'] ?? createHmac('sha256', secret).update('agent-callback').digest('hex'),
    reconcileEveryMs: minutes(env['RECONCILE_MINUTES'], 5, 'RECONCILE_MINUTES'),
    reconcileWindowMs: hours(env['RECONCILE_WINDOW_HOURS'], 72, 'RECONCILE_WINDOW_HOURS'),
  };
}
