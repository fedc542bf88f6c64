/**
 * What the rest of the server uses of the casino wallet (issue 13). The games module's launch asks it
 * for a session token before calling the provider; app.ts builds it and hands it over.
 */
export interface OpenSessionInput {
  customerId: number;
  gameCode: string;
  platformCode: string;
  /** Always PLAY_CURRENCY: demo play has no session (the provider keeps play money itself). */
  currency: string;
  /**
   * The game as the lobby lists it, kept with the session so the records name the game and its
   * category without the catalogue (optional: a launch that omits them records gameId 0, category 0).
   */
  gameId?: number;
  gameName?: string;
  category?: number;
}

export interface CasinoSession {
  /** Opaque, unguessable; what the provider sends back in every wallet call. */
  token: string;
  /** The player id the provider knows (the loginName). */
  user: string;
  /** Bets after this are refused (RS_ERROR_TOKEN_EXPIRED); wins and rollbacks are still accepted. */
  expiresAt: Date;
}

export interface CasinoWalletApi {
  openSession(input: OpenSessionInput): Promise<CasinoSession>;
}
