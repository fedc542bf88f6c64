import { DEPOSIT_PRESETS, DEPOSIT_PRESETS_MAX_SHOWN } from '../../src/contract/constants';

/**
 * The operator's payment settings, from the environment (amounts in pesos there, centavos here).
 * Limits and presets are configuration, not code: an operator changes them without a release.
 */
export interface ChannelLimits {
  min: number;
  max: number;
}

export interface PaymentConfig {
  /**
   * The site's public origin (PUBLIC_URL, e.g. https://panalo.example): a real provider needs absolute
   * return URLs. Empty: same-origin paths, enough for the simulators' pages on our own origin.
   */
  publicUrl: string;
  /** Run the payment simulators (development and tests only; refused in production). */
  simulators: boolean;
  /** Deposit presets in centavos (at most 6 shown), and those for a player's first deposit. */
  depositPresets: number[];
  firstDepositPresets: number[];
  /**
   * Turnover rule of deposits, in hundredths: 100 = a deposit must be staked once before it can be
   * withdrawn (the default, as is usual under anti-money-laundering rules); 0 = none.
   */
  turnoverPercent: number;
  /** Per-channel deposit limits, centavos. */
  deposit: { gcash: ChannelLimits; maya: ChannelLimits };
}

/** ₱100 – ₱50,000 through GCash, ₱100 – ₱50,000 through Maya (the e-wallets' own per-transaction caps). */
export const DEFAULT_DEPOSIT_LIMITS = { gcash: { min: 10_000, max: 5_000_000 }, maya: { min: 10_000, max: 5_000_000 } };

function pesosList(value: string | undefined, fallback: readonly number[], name: string): number[] {
  const list =
    value === undefined
      ? [...fallback]
      : value
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number);
  if (list.length === 0 || list.some((pesos) => !Number.isInteger(pesos) || pesos <= 0)) {
    throw new Error(`${name} must list whole peso amounts like 100,200,500, not ${value}`);
  }
  return list.slice(0, DEPOSIT_PRESETS_MAX_SHOWN).map((pesos) => pesos * 100);
}

function pesos(value: string | undefined, fallbackCentavos: number, name: string): number {
  if (value === undefined) return fallbackCentavos;
  const amount = Number(value);
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`${name} must be a whole number of pesos, not ${value}`);
  return amount * 100;
}

function limits(env: NodeJS.ProcessEnv, channel: 'GCASH' | 'MAYA', fallback: ChannelLimits): ChannelLimits {
  const min = pesos(env[`${channel}_DEPOSIT_MIN`], fallback.min, `${channel}_DEPOSIT_MIN`);
  const max = pesos(env[`${channel}_DEPOSIT_MAX`], fallback.max, `${channel}_DEPOSIT_MAX`);
  if (min > max) throw new Error(`${channel}_DEPOSIT_MIN is above ${channel}_DEPOSIT_MAX`);
  return { min, max };
}

export function paymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig {
  const turnover = Number(env['DEPOSIT_TURNOVER_PERCENT'] ?? 100);
  if (!Number.isInteger(turnover) || turnover < 0 || turnover > 10_000) {
    throw new Error(`DEPOSIT_TURNOVER_PERCENT must be a whole number from 0 to 10000, not ${env['DEPOSIT_TURNOVER_PERCENT']}`);
  }
  const publicUrl = (env['PUBLIC_URL'] ?? '').replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/\s]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an origin like https://panalo.example, not ${publicUrl}`);
  const presets = pesosList(env['DEPOSIT_PRESETS'], DEPOSIT_PRESETS, 'DEPOSIT_PRESETS');
  return {
    publicUrl,
    simulators: !production && env['PAYMENT_SIMULATORS'] !== 'false',
    depositPresets: presets,
    firstDepositPresets: env['FIRST_DEPOSIT_PRESETS'] ? pesosList(env['FIRST_DEPOSIT_PRESETS'], [], 'FIRST_DEPOSIT_PRESETS') : presets,
    turnoverPercent: turnover,
    deposit: { gcash: limits(env, 'GCASH', DEFAULT_DEPOSIT_LIMITS.gcash), maya: limits(env, 'MAYA', DEFAULT_DEPOSIT_LIMITS.maya) },
  };
}
