/** The super-app host simulator's records, kept in the payment simulators' store (plain JSON, epoch ms). */

export interface HostAuthCode {
  /** The host that issued it (absent on records from before a second host: gcash). */
  host?: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  /** When our server exchanged it; a second exchange is refused and revokes what the first issued. */
  usedAt: number | null;
  tokens: string[];
}

export interface HostAccessToken {
  host?: string;
  userId: string;
  scopes: string[];
  authCode: string;
  expiresAt: number;
  revoked: boolean;
}

export type HostPaymentStage = 'created' | 'processing' | 'SUCCESS' | 'FAIL' | 'CANCELLED';

export interface HostPaymentRecord {
  host?: string;
  paymentId: string;
  paymentRequestId: string;
  amount: number;
  description: string;
  stage: HostPaymentStage;
  createdAt: number;
  paidAt: number | null;
}

/** The wallet mini-app host simulator's access token (Maya style), handed to our Session URL encrypted. */
export interface MayaAccessToken {
  userId: string;
  expiresAt: number;
  refreshToken: string;
}
