import type { RgCategory } from '../../src/contract/responsibleGaming';
import type { Transaction } from '../db';

/**
 * The one enforcement point of the rules about money (ARCHITECTURE "Rules about money"): every path that
 * takes a player's money in or puts it at stake calls the gate inside its own database transaction, before
 * it moves anything. The gate throws a CallError with one GW_ code per reason (responsible-gaming limits,
 * breaks, self-exclusion, the restricted-persons list, category switches, the operator's switches).
 * Withdrawals never call it. server/modules/responsibleGaming implements it (app.responsibleGaming.gate).
 */
export type GateAction =
  /** Money in: every deposit (e-wallet order, bank transfer, store cash-in, deposit voucher). */
  | 'deposit'
  /** A sports bet of any kind (single, parlay, outright, ending game, player). */
  | 'bet'
  /** A real-money casino launch (no money moves yet: breaks, exclusion, categories, the session limit). */
  | 'launch'
  /** A casino round's stake taken by the game provider through the seamless wallet. */
  | 'round'
  /** Money moved into a game wallet (a transfer platform, the sportsbook's wallet): at stake from then. */
  | 'transferIn'
  /** A promotion claim (issue 35). */
  | 'promotion'
  /** A lucky spin (issue 35). */
  | 'luckySpin';

export interface GateCheck {
  customerId: number;
  action: GateAction;
  /** What is played: sports, or the casino game's category. */
  category?: RgCategory | undefined;
  /** Centavos taken in or put at stake (a deposit's amount, a stake). */
  amount?: number | undefined;
  /** The payment channel of a deposit (gcash, maya, bank, agent, voucher): the operator's kill switch. */
  channel?: string | undefined;
  /** The partner host the call came through (issue 36): the operator's kill switch. */
  host?: string | undefined;
}

export type MoneyGate = (tx: Transaction, check: GateCheck) => Promise<void>;
