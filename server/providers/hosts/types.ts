/**
 * What our code uses of a super-app host (GCash, built on Alipay+ mini programs): the server-to-server
 * calls behind the page's bridge. The simulator (gcashHost.ts) and a real GCash integration both sit
 * behind this interface, through the signed HTTP client (client.ts); replacing one changes no code of ours.
 */

/** Why the host refused a call, in the host's own words (resultCode) and ours. */
export class HostError extends Error {
  constructor(
    readonly resultCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/** An answer whose signature did not verify, or no answer: nothing in it may be trusted. */
export class HostUnreachable extends Error {}

export interface HostToken {
  /** The host's id of its user (Alipay+ customerId). */
  hostUserId: string;
  accessToken: string;
  scopes: string[];
}

/** Alipay+ payment status as inquiryPayment and notifyPayment tell it. */
export type HostPaymentStatus = 'SUCCESS' | 'FAIL' | 'PROCESSING' | 'CANCELLED';

export interface HostPayment {
  paymentId: string;
  paymentRequestId: string;
  /** Centavos. */
  amount: number;
  status: HostPaymentStatus;
}

export interface SuperAppHost {
  /** The provider name of its orders and webhooks ('alipayplus'). */
  readonly provider: string;
  /** Exchanges a page's auth code (single use, ≤ 10 minutes) for the host user's token. */
  applyToken(authCode: string): Promise<HostToken>;
  /** The user's verified mobile number (needs the auth_user scope). */
  userInfo(accessToken: string): Promise<{ hostUserId: string; mobile: string }>;
  /** Creates (or answers again, same paymentRequestId) a payment the page then confirms with tradePay. */
  pay(request: { paymentRequestId: string; amount: number; description: string }): Promise<HostPayment & { paymentUrl: string }>;
  /** The host's authoritative status of a payment (signed answer). */
  inquiry(paymentRequestId: string): Promise<HostPayment>;
}

/** How requests reach the host: HTTP in production, an in-process request to the simulator's routes in development. */
export type HostTransport = (
  path: string,
  headers: Record<string, string>,
  body: string,
) => Promise<{ status: number; headers: Record<string, string | undefined>; body: string }>;
