import { describe, expect, it } from 'vitest';
import { SECURITY_PROMPT_INTERVAL_MS } from '../../src/contract/constants';
import { type SecurityPromptInput, securityPrompt, securityPromptVariant } from '../../src/features/auth/securityPrompt';

const NOW = Date.UTC(2026, 10, 23, 4);
const base: SecurityPromptInput = {
  loggedIn: true,
  hasWithdrawPassword: false,
  hasPhone: true,
  balance: 600_000,
  securityAmount: { game: 500_000, deposit: 100_000 },
  variant: 'game',
  lastShownAt: null,
  now: NOW,
};

describe('the security prompt (spec §4)', () => {
  it('asks a player above the security amount without a withdrawal password, leading to /setWithdrawPwd', () => {
    expect(securityPrompt(base)).toEqual({ show: true, missing: ['withdrawPassword'], threshold: 500_000, leadTo: '/setWithdrawPwd' });
  });

  it('asks for the phone when that is what is missing, and names both when both are', () => {
    expect(securityPrompt({ ...base, hasWithdrawPassword: true, hasPhone: false })).toMatchObject({ show: true, leadTo: '/setPhone' });
    expect(securityPrompt({ ...base, hasPhone: false })).toMatchObject({ show: true, missing: ['withdrawPassword', 'phone'] });
  });

  it('stays quiet for a protected account, a visitor, an unknown balance', () => {
    expect(securityPrompt({ ...base, hasWithdrawPassword: true })).toEqual({ show: false });
    expect(securityPrompt({ ...base, loggedIn: false })).toEqual({ show: false });
    expect(securityPrompt({ ...base, balance: null })).toEqual({ show: false });
  });

  it('needs the balance to exceed the amount of its variant', () => {
    expect(securityPrompt({ ...base, balance: 500_000 }).show).toBe(false);
    expect(securityPrompt({ ...base, balance: 500_001 }).show).toBe(true);
    // 2,000 pesos: under the game amount, over the deposit amount.
    expect(securityPrompt({ ...base, balance: 200_000 }).show).toBe(false);
    expect(securityPrompt({ ...base, balance: 200_000, variant: 'deposit' })).toMatchObject({ show: true, threshold: 100_000 });
  });

  it('shows at most once per 24 hours', () => {
    expect(securityPrompt({ ...base, lastShownAt: NOW - SECURITY_PROMPT_INTERVAL_MS + 1 }).show).toBe(false);
    expect(securityPrompt({ ...base, lastShownAt: NOW - SECURITY_PROMPT_INTERVAL_MS }).show).toBe(true);
    expect(SECURITY_PROMPT_INTERVAL_MS).toBe(24 * 60 * 60_000);
  });

  it('takes the deposit variant on the deposit pages and the game variant where the balance is played', () => {
    expect(securityPromptVariant('WalletDeposit')).toBe('deposit');
    expect(securityPromptVariant('gpoorder')).toBe('deposit');
    expect(securityPromptVariant('Home_games')).toBe('game');
    expect(securityPromptVariant('SetWithdrawPwd')).toBeUndefined();
    expect(securityPromptVariant('security')).toBeUndefined();
  });
});
