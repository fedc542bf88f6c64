import { SECURITY_PROMPT_INTERVAL_MS } from '../../contract/constants';

/**
 * The security prompt of spec §4/§8: a player whose balance exceeds the site's security amount (the game
 * or the deposit variant, centavos, from front/siteinfo) and who lacks a withdrawal password or a phone
 * is asked to set them, at most once per 24 hours. A pure rule, so the dialog (src/app) only asks it.
 */
export type SecurityPromptVariant = 'game' | 'deposit';

export type MissingProtection = 'withdrawPassword' | 'phone';

export interface SecurityPromptInput {
  loggedIn: boolean;
  hasWithdrawPassword: boolean;
  hasPhone: boolean;
  /** Centavos; null before the first balance answer. */
  balance: number | null;
  securityAmount: { game: number; deposit: number };
  variant: SecurityPromptVariant;
  /** Epoch ms the prompt was last shown to this player, or null. */
  lastShownAt: number | null;
  now: number;
}

export type SecurityPromptDecision =
  { show: false } | { show: true; missing: MissingProtection[]; threshold: number; leadTo: '/setWithdrawPwd' | '/setPhone' };

export function securityPrompt(input: SecurityPromptInput): SecurityPromptDecision {
  if (!input.loggedIn || input.balance === null) return { show: false };
  const missing: MissingProtection[] = [];
  if (!input.hasWithdrawPassword) missing.push('withdrawPassword');
  if (!input.hasPhone) missing.push('phone');
  if (missing.length === 0) return { show: false };
  const threshold = input.securityAmount[input.variant];
  if (!(input.balance > threshold)) return { show: false };
  if (input.lastShownAt !== null && input.now - input.lastShownAt < SECURITY_PROMPT_INTERVAL_MS) return { show: false };
  return { show: true, missing, threshold, leadTo: missing[0] === 'withdrawPassword' ? '/setWithdrawPwd' : '/setPhone' };
}

/** Which variant a page asks for: the deposit pages compare with the deposit amount, the rest with the game amount. */
export function securityPromptVariant(routeName: string): SecurityPromptVariant | undefined {
  if (DEPOSIT_ROUTES.includes(routeName)) return 'deposit';
  if (GAME_ROUTES.includes(routeName)) return 'game';
  return undefined;
}

/** After money came in (the deposit pages and their order pages). */
const DEPOSIT_ROUTES: readonly string[] = ['WalletDeposit', 'WalletDepositApp', 'gpoorder', 'bankorder', 'fundAccount'];
/** Where the balance is played: the home tabs, the live match, the games. */
const GAME_ROUTES: readonly string[] = ['Home_foryou', 'Home_sports', 'Home_games', 'LiveSportGame', 'Account'];
