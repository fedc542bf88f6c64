import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db';
import { SIM_API_PREFIX, simApi } from './simApi';
import { simPages } from './simPages';
import { KycVendorSimulator, type ReviewWebhookSender, type WebhookDelivery } from './simulator';
import type { KycVendor } from './types';
import { httpTransport, type KycTransport, unavailableVendor, zolozVendor } from './zoloz';

/**
 * Which eKYC vendor the server talks to, and the simulator outside production.
 * - KYC_VENDOR_URL, KYC_CLIENT_ID, KYC_PRIVATE_KEY (ours, PKCS#8 PEM), KYC_VENDOR_PUBLIC_KEY (PEM) and
 *   KYC_WEBHOOK_SECRET set (all or none): the real vendor over HTTPS, in any mode.
 * - None set, development and tests: the simulator (its API under /sim/kyc/api, its back office
 *   /sim/kyc), with keys generated at the first start into <dataDir>/kyc-vendor-secrets.json.
 * - None set, production: no simulator and no /sim/kyc pages; every call answers VENDOR_DOWN (the
 *   player sees GW_800468), never a crash.
 */

export const KYC_ENV = ['KYC_VENDOR_URL', 'KYC_CLIENT_ID', 'KYC_PRIVATE_KEY', 'KYC_VENDOR_PUBLIC_KEY', 'KYC_WEBHOOK_SECRET'] as const;

export interface KycVendorSettings {
  url: string;
  clientId: string;
  privateKey: string;
  vendorPublicKey: string;
  webhookSecret: string;
}

/** The vendor's settings from the environment; undefined when none is set, an error when only some are. */
export function kycVendorSettings(env: NodeJS.ProcessEnv): KycVendorSettings | undefined {
  const values = KYC_ENV.map((name) => env[name]?.trim() ?? '');
  if (values.every((value) => value === '')) return undefined;
  const missing = KYC_ENV.filter((_, at) => values[at] === '');
  if (missing.length) throw new Error(`eKYC vendor: set ${missing.join(', ')} too (or none of ${KYC_ENV.join(', ')})`);
  // PEM keys often come through one-line variables with \n written out.
  const pem = (value: string) => value.replace(/\\n/g, '\n');
  const [url, clientId, privateKey, vendorPublicKey, webhookSecret] = values as [string, string, string, string, string];
  if (!/^https?:\/\//.test(url)) throw new Error(`KYC_VENDOR_URL must be an http(s) URL, not ${url}`);
  return { url, clientId, privateKey: pem(privateKey), vendorPublicKey: pem(vendorPublicKey), webhookSecret };
}

/** The simulator's keys: ours (merchant) and the vendor's, as a vendor's dashboard and our config would share them. */
export interface SimulatorKeys {
  clientId: string;
  merchantPrivateKeyPem: string;
  merchantPublicKeyPem: string;
  vendorPrivateKeyPem: string;
  vendorPublicKeyPem: string;
  webhookSecret: string;
}

export const KYC_SIMULATOR_SECRETS_FILE = 'kyc-vendor-secrets.json';

function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Generated at the first start into <dataDir> (mode 600), never in the repository. */
export function loadSimulatorKeys(dataDir: string): SimulatorKeys {
  const file = join(dataDir, KYC_SIMULATOR_SECRETS_FILE);
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<SimulatorKeys>) : {};
  const names = [
    'clientId',
    'merchantPrivateKeyPem',
    'merchantPublicKeyPem',
    'vendorPrivateKeyPem',
    'vendorPublicKeyPem',
    'webhookSecret',
  ] as const;
  if (names.every((name) => typeof existing[name] === 'string' && existing[name].length >= 16)) return existing as SimulatorKeys;
  const merchant = keyPair();
  const vendor = keyPair();
  const keys: SimulatorKeys = {
    clientId: `2188${randomBytes(6).toString('hex')}`,
    merchantPrivateKeyPem: merchant.privateKey,
    merchantPublicKeyPem: merchant.publicKey,
    vendorPrivateKeyPem: vendor.privateKey,
    vendorPublicKeyPem: vendor.publicKey,
    webhookSecret: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** A transport into the simulator through app.inject: the same bytes and headers as over HTTP. */
export function injectTransport(app: FastifyInstance): KycTransport {
  return async (uri, headers, body) => {
    const answer = await app.inject({ method: 'POST', url: `${SIM_API_PREFIX}${uri}`, headers, payload: body });
    const answerHeaders = Object.fromEntries(
      Object.entries(answer.headers).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]),
    );
    return { status: answer.statusCode, headers: answerHeaders, body: answer.body };
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The eKYC vendor (app.kycVendor.vendor), and its simulator outside production. */
    kycVendor: RegisteredKycVendor;
  }
}

/** How often the simulator's job expires transactions and sends due review webhooks. */
export const KYC_SIMULATOR_STEP_MS = 1_000;

export interface KycVendorContext {
  config: ServerConfig;
  db: Database;
  clock: () => number;
  /** Posts a review webhook to our /webhooks/kyc (default: app.inject there). */
  send?: ReviewWebhookSender;
  /** Where the vendor settings are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** How the simulator sends each review webhook (default: 2 copies over 30 s). */
  delivery?: WebhookDelivery;
}

export interface RegisteredKycVendor {
  vendor: KycVendor;
  /** Development and tests only. */
  simulator?: KycVendorSimulator;
}

/**
 * The eKYC vendor for app.ts: the real one when configured, else the simulator outside production (its
 * routes and its shared job registered here; needs app.payments), else one that is always down.
 */
export async function registerKycVendor(app: FastifyInstance, context: KycVendorContext): Promise<RegisteredKycVendor> {
  const { config, db, clock } = context;
  const settings = kycVendorSettings(context.env ?? process.env);
  if (settings) {
    const vendor = zolozVendor({ ...settings, transport: httpTransport(settings.url) });
    return { vendor };
  }
  if (config.production) {
    app.log.warn(`no eKYC vendor configured (${KYC_ENV.join(', ')}): identity verification answers 'vendor down'`);
    return { vendor: unavailableVendor() };
  }
  // Made (or read) at the first use, not at start: a server that verifies no one never pays for two RSA
  // key pairs. Every reader below reads a key when it signs or checks, through these getters.
  let loaded: SimulatorKeys | undefined;
  const load = () => (loaded ??= loadSimulatorKeys(config.dataDir));
  const keys = {
    get clientId() {
      return load().clientId;
    },
    get merchantPublicKeyPem() {
      return load().merchantPublicKeyPem;
    },
    get vendorPrivateKeyPem() {
      return load().vendorPrivateKeyPem;
    },
  };
  const send: ReviewWebhookSender =
    context.send ??
    (async (headers, body) => (await app.inject({ method: 'POST', url: '/webhooks/kyc', headers, payload: body })).statusCode);
  const simulator = new KycVendorSimulator(db, {
    get webhookSecret() {
      return load().webhookSecret;
    },
    send,
    ...(context.delivery ? { delivery: context.delivery } : {}),
  });
  await app.register(simApi, { simulator, clock, keys });
  await app.register(simPages, { simulator, clock });
  app.jobs.add('kyc-vendor-simulator', KYC_SIMULATOR_STEP_MS, (now) => simulator.tick(now));
  const vendor = zolozVendor({
    get clientId() {
      return load().clientId;
    },
    get privateKey() {
      return load().merchantPrivateKeyPem;
    },
    get vendorPublicKey() {
      return load().vendorPublicKeyPem;
    },
    get webhookSecret() {
      return load().webhookSecret;
    },
    transport: injectTransport(app),
    clock,
  });
  return { vendor, simulator };
}

/** What the app may set (tests): where the simulator's review webhooks go and how they are spread. */
export type KycVendorOptions = Pick<KycVendorContext, 'send' | 'delivery' | 'env'>;

/** The eKYC vendor as a plugin: app.kycVendor (the vendor, and its simulator outside production). */
export const kycVendor = fp<KycVendorOptions>(
  async (app: FastifyInstance, options) => {
    app.decorate('kycVendor', await registerKycVendor(app, { config: app.config, db: app.database.db, clock: app.clock, ...options }));
  },
  { name: 'kyc-vendor', dependencies: ['core', 'jobs'] },
);
