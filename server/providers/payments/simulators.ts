import { generateKeyPairSync } from 'node:crypto';
import type { PaymentChannel } from '../../../src/contract/payments';
import { setChannelDown } from './channels';
import { checkoutSimulator, type CheckoutSimulator } from './checkouts';
import { mayaCheckout, mayaSigner } from './maya';
import { paymongoGcash, paymongoSigner } from './paymongo';
import { payoutSimulator, xenditSigner, type PayoutSimulator } from './payouts';
import type { SimulatorStore } from './store';
import { deliverDueWebhooks, type DeliveryOptions, type WebhookSender, type WebhookSigner } from './webhooks';

/**
 * The payment simulators together: GCash (PayMongo-style), Maya (Maya Checkout-style) and payouts
 * (Xendit-style), one store, one clock and one job step, tick(now), which a leader runs every few
 * seconds on a server and tests call to fast-forward. Nothing keeps a timer or state in memory.
 */
export interface SimulatorSecrets {
  /** PayMongo's webhook secret (HMAC-SHA256). */
  paymongoWebhookSecret: string;
  /** The key Maya signs webhooks with; our verifier holds the public half. */
  mayaPrivateKeyPem: string;
  /** Xendit's static callback token. */
  xenditCallbackToken: string;
}

export interface PaymentSimulatorOptions {
  store: SimulatorStore;
  clock: () => number;
  baseUrl: string;
  /** Delivers a webhook to our endpoint (on a server: an HTTP POST to our own webhook route). */
  send: WebhookSender;
  secrets: SimulatorSecrets;
  delivery?: DeliveryOptions;
  processingMs?: number;
}

/** By default every event arrives twice, at moments spread over 10 s: our side must cope from day one. */
export const DEFAULT_DELIVERY: DeliveryOptions = { copies: 2, spreadMs: 10_000 };

export interface PaymentSimulators {
  /** Their store and webhook delivery, which other simulated providers share (the partner host). */
  readonly store: SimulatorStore;
  readonly delivery: DeliveryOptions;
  gcash: CheckoutSimulator;
  maya: CheckoutSimulator;
  payouts: PayoutSimulator;
  /** The checkout simulator of a provider name as it appears in /sim/<provider>/checkout/<id>. */
  checkout(provider: string): CheckoutSimulator | undefined;
  setChannelDown(channel: PaymentChannel, down: boolean): Promise<void>;
  /** Another simulated provider's webhooks go out with the same deliveries (copies, spread, retries), signed by it. */
  addWebhookSigner(provider: string, signer: WebhookSigner): void;
  /** Everything due at `now`: ends attempts, expires checkouts, moves payouts, delivers webhooks. */
  tick(now: number): Promise<{ delivered: number }>;
}

export function createPaymentSimulators(options: PaymentSimulatorOptions): PaymentSimulators {
  const { store, clock, secrets } = options;
  const common = { store, clock, baseUrl: options.baseUrl, delivery: options.delivery ?? DEFAULT_DELIVERY };
  const gcash = checkoutSimulator(paymongoGcash, { ...common, processingMs: options.processingMs });
  const maya = checkoutSimulator(mayaCheckout, { ...common, processingMs: options.processingMs });
  const payouts = payoutSimulator(common);
  const byProvider: Record<string, CheckoutSimulator> = { paymongo: gcash, maya };
  const signers: Record<string, WebhookSigner> = {
    paymongo: paymongoSigner(secrets.paymongoWebhookSecret),
    maya: mayaSigner(secrets.mayaPrivateKeyPem),
    xendit: xenditSigner(secrets.xenditCallbackToken),
  };

  return {
    store,
    delivery: common.delivery,
    gcash,
    maya,
    payouts,
    checkout: (provider) => (Object.hasOwn(byProvider, provider) ? byProvider[provider] : undefined),
    setChannelDown: (channel, down) => setChannelDown(store, channel, down, clock()),
    addWebhookSigner(provider, signer) {
      signers[provider] = signer;
    },
    async tick(now) {
      for (const due of await store.due('checkout', now, 200)) await byProvider[due.data.provider]?.advance(due.id, now);
      await payouts.tick(now);
      return { delivered: await deliverDueWebhooks(store, now, options.send, signers) };
    },
  };
}

/** A fresh RSA key pair for the Maya simulator (development: keep it with the other secrets in DATA_DIR). */
export function mayaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
