import type { GameCategory, GameEngine, GameKind, RoundProof, WalletMode } from '../../../src/contract/games';

/**
 * What the casino uses of the outside game provider (issue 13; PROVIDERS.md "Casino games"). The shape
 * is Hub88's, an aggregator in front of many studios ("platforms"):
 *
 * - **We call the provider** (`GameProvider`): the catalogue, `POST …/game/url` to launch (a token we
 *   issued, tied to user + game + currency; platform GPL_MOBILE; demo currency XXX), round details for
 *   the records, the progressive jackpot, and for transfer-wallet platforms their transfer API.
 *   Requests are signed with our operator key (`X-Hub88-Signature`, RSA-SHA256 over the raw body).
 * - **The provider calls us** (`OPERATOR_WALLET_PATHS`, the seamless wallet): `/user/info`,
 *   `/user/balance`, `/transaction/bet`, `/transaction/win`, `/transaction/rollback`, each signed with the
 *   provider's key over the raw body, each idempotent by `transaction_uuid` (wire types below).
 *
 * A real aggregator's adapter implements `GameProvider` as the simulator does, so replacing it changes
 * no code of ours. In production without GAME_PROVIDER_* settings there is no provider: every launch
 * answers GameProviderDown and no simulator or /sim page exists.
 */

export type GameProviderErrorCode =
  'PROVIDER_DOWN' | 'BAD_SIGNATURE' | 'NOT_FOUND' | 'INVALID_ARGUMENT' | 'INSUFFICIENT_FUNDS' | 'TABLE_FULL';

export class GameProviderError extends Error {
  constructor(
    readonly code: GameProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GameProviderError';
  }
}

/** A game as the provider's catalogue lists it (the games module turns these into the lobby's GameEntry). */
export interface ProviderGame {
  gameCode: string;
  gameName: string;
  platformCode: string;
  kind: GameKind;
  category: GameCategory;
  gameType: string;
  engine: GameEngine;
  /** Stated RTP, basis points (what the engine's paytable variant pays back; `npm run bench` measures it). */
  rtpBps: number;
  tags: ('new' | 'hot' | 'jackpot' | 'live')[];
  trial: boolean;
  minBet: number;
  maxBet: number;
  /** A theme the thumbnail is drawn from (colours, a glyph), so the operator can render its own SVG. */
  theme: { background: string; accent: string; glyph: string };
}

export interface ProviderPlatform {
  platformCode: string;
  name: string;
  wallet: WalletMode;
}

/** Hub88 POST /game/url. */
export interface LaunchRequest {
  /** Our player id as the provider knows it (the player's loginName). */
  user: string;
  /** Our session token (casino wallet), tied to user + game + currency; absent for demo play. */
  token: string | null;
  gameCode: string;
  platformCode: string;
  /** 'PHP', or 'XXX' for demo play (the provider keeps play money itself and calls no wallet). */
  currency: string;
  lang: string;
  /** Where the game's close/lobby button returns the player (absolute or same-origin path). */
  lobbyUrl: string;
  ip: string;
  country: 'PH';
  platform: 'GPL_MOBILE';
}

export interface LaunchResult {
  /** The game page to put in the in-game frame. */
  url: string;
}

/** The provider's own account of one round, for the player's records (Hub88 round details). */
export interface ProviderRound {
  roundId: string;
  gameCode: string;
  proof: RoundProof;
}

/**
 * A transfer-wallet platform's transfer API (money moved into the provider's wallet before play and
 * back after). Each call is idempotent by `transferId`: asked again, it answers the first result; a
 * transfer the platform never saw answers NOT_FOUND from `transferStatus`, so a timed-out transfer can
 * be asked about and safely retried.
 */
export interface TransferPlatformApi {
  deposit(request: { user: string; platformCode: string; amount: number; transferId: string }): Promise<TransferResult>;
  withdraw(request: { user: string; platformCode: string; amount: number; transferId: string }): Promise<TransferResult>;
  transferStatus(request: { platformCode: string; transferId: string }): Promise<TransferResult>;
  balance(request: { user: string; platformCode: string }): Promise<number>;
}

export interface TransferResult {
  transferId: string;
  status: 'succeeded' | 'failed';
  /** The player's platform balance after it, centavos. */
  balance: number;
}

export interface GameProvider {
  platforms(): Promise<ProviderPlatform[]>;
  games(): Promise<ProviderGame[]>;
  launch(request: LaunchRequest): Promise<LaunchResult>;
  /** null when the provider has no such round. */
  round(roundId: string): Promise<ProviderRound | null>;
  /** The progressive jackpot's current amount, centavos. */
  jackpot(): Promise<number>;
  readonly transfers: TransferPlatformApi;
}

/** The seamless-wallet calls the provider makes to us (POST, JSON, X-Hub88-Signature over the raw body). */
export const OPERATOR_WALLET_PREFIX = '/gamewallet/hub88';
export const OPERATOR_WALLET_PATHS = {
  info: `${OPERATOR_WALLET_PREFIX}/user/info`,
  balance: `${OPERATOR_WALLET_PREFIX}/user/balance`,
  bet: `${OPERATOR_WALLET_PREFIX}/transaction/bet`,
  win: `${OPERATOR_WALLET_PREFIX}/transaction/win`,
  rollback: `${OPERATOR_WALLET_PREFIX}/transaction/rollback`,
} as const;
export const SIGNATURE_HEADER = 'x-hub88-signature';

export type WalletStatus =
  | 'RS_OK'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_TRANSACTION_ROLLED_BACK'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_UNKNOWN';

interface WalletRequestBase {
  user: string;
  /** Echoed in the answer; a fresh one per HTTP attempt (a retry of the same transaction has a new request_uuid). */
  request_uuid: string;
  token: string;
  game_code: string;
}
export type UserInfoRequest = WalletRequestBase;
export type BalanceRequest = WalletRequestBase;
export interface TransactionRequest extends WalletRequestBase {
  /** Never processed twice; the same id again answers the first result. */
  transaction_uuid: string;
  /** The provider's own id of the transaction (shown in records). */
  supplier_transaction_id: string;
  round: string;
  round_closed: boolean;
  is_free: boolean;
  currency: string;
  /** The bet's description ('spin', 'red', 'cashout'…). */
  bet: string;
  /** Whole centavos (Hub88 amounts are integers in the currency's minor unit ×1000; we use centavos). */
  amount: number;
  /** win: the bet it pays; rollback: the transaction it cancels. */
  reference_transaction_uuid?: string;
}
export type BetRequest = TransactionRequest;
export type WinRequest = TransactionRequest & { reference_transaction_uuid: string };
export type RollbackRequest = Omit<TransactionRequest, 'amount' | 'bet'> & { reference_transaction_uuid: string };

export interface WalletAnswer {
  user: string;
  request_uuid: string;
  status: WalletStatus;
  currency: string;
  /** The player's real-money balance after the call, centavos (also on NOT_ENOUGH_MONEY). */
  balance: number;
}
export interface TransactionAnswer extends WalletAnswer {
  transaction_uuid?: string;
  reference_transaction_uuid?: string;
}
