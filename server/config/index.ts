import { generateKeyPairSync, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CASHOUT_MARGIN_MAX_BP } from '../../src/contract/cashout';
import { type TrustProxy, parseTrustProxy } from '../lib/proxies';
import { type PaymentConfig, paymentConfig } from './payments';
import { type ManualDepositSettings, manualDepositSettings } from './manualDeposits';
import { type SocialConfig, socialConfig } from './social';

export type { ChannelLimits, PaymentConfig } from './payments';
export type { HouseBank, ManualDepositSettings } from './manualDeposits';

/**
 * Server configuration: environment variables over generated development defaults. Secrets are never in
 * the repository: the first start writes them to `<dataDir>/secrets.json` (mode 600).
 */
export interface Secrets {
  /** Keys the Sign header (spec §7). Handed to the page in a meta tag: it proves integrity, not identity. */
  appKey: string;
  /** RSA-OAEP private key (PKCS#8 PEM) for the sensitive fields of spec §5. */
  rsaPrivateKey: string;
  /** HMAC secrets of the self-hosted proof-of-work captcha (ALTCHA). */
  captchaSecret: string;
  captchaKeySecret: string;
  /** Web Push's VAPID key pair (P-256, base64url): the public half goes to browsers, the private signs sends. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the embedded database, secrets and site settings live. */
  dataDir: string;
  /** The built PWA. */
  distDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl: string | undefined;
  /**
   * RabbitMQ between instances (BROKER_URL, amqp://…): with DATABASE_URL, one feed led by one instance
   * and player events reaching every instance's sockets (docs/architecture.md "Several instances").
   */
  brokerUrl: string | undefined;
  /** Web Push's VAPID subject (PUSH_SUBJECT): a mailto: or https: contact for the push services. */
  pushSubject: string;
  /** Production mode: no development pages (/dev/outbox). */
  production: boolean;
  /** The cash-out margin (issue 38), basis points: value = stake × taken / current odds × (1 − margin). */
  cashoutMarginBp: number;
  appKey: string;
  secrets: Secrets;
  /** A session ends after this long without a call… */
  sessionIdleMs: number;
  /** …and this long after login, whatever happens. */
  sessionMaxMs: number;
  logLevel: string;
  /** The proxies allowed to name the client's address (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  /** Password login of a number pauses after this many wrong passwords in a row… */
  loginLockFailures: number;
  /** …for this long (doubling on each lockout within a day). */
  loginLockMs: number;
  /** Seed the demo player (phone and password in the README). */
  seedDemo: boolean;
  /**
   * On SIGTERM/SIGINT, how long /readyz answers 503 while the instance still serves, so the balancer
   * takes it out before it stops accepting (DRAIN_SECONDS, default 2; 0 in tests).
   */
  drainMs: number;
  /** The simulated odds feed. */
  feed: { seed: number; matchesPerSport: number; priceChangesPerSecond: number; matchSpeed: number };
  /** Origins that may show the app in a frame (partner mini-apps), besides the app itself. */
  frameAncestors: string[];
  /** Payment limits, presets, the turnover rule and the simulators (./payments.ts). */
  payments: PaymentConfig;
  /** Google and Apple sign-in: real providers' client ids and issuers (./social.ts). */
  social: SocialConfig;
  /** The messaging bot's public account URI (VIBER_BOT_URI, Viber's chatURI): '' when no bot is registered. */
  viberBotUri: string;
  /** Bank transfers reviewed by the operator and cash-ins at agents (DEPOSIT_BANKS, BANK_DEPOSIT_EXPIRY_MINUTES, AGENT_CALLBACK_SECRET). */
  manualDeposits: ManualDepositSettings;
  /** Withdrawals: the operator's limits and rules (README "Withdrawals"). */
  withdraw: WithdrawConfig;
  /** Identity verification: re-authentication, retention, verifications per ID (README "Identity verification"). */
  kyc: KycConfig;
  /** The casino's game provider (GAME_PROVIDER_URL, GAME_OPERATOR_ID, GAME_OPERATOR_PRIVATE_KEY, GAME_PROVIDER_PUBLIC_KEY: all or none). */
  gameProvider: GameProviderSettings | undefined;
  /** The game simulator's shared-timer tables (live roulette, bingo): phase lengths, GAME_TABLE_*_MS (tests shorten them). */
  gameTables: GameTableTimings;
  /** Casino game sessions (the token a launch hands the game provider): idle and longest life. */
  casinoSession: { idleMs: number; maxMs: number };
  /** Where the streaming simulator keeps its encoded test stream (VIDEO_SIM_DIR; default <DATA_DIR>/video-simulator). */
  videoSimDir: string | undefined;
}

/** Phase lengths of the simulator's tables, ms; unset ones keep the tables' defaults (server/providers/games/tables/catalogue.ts). */
export interface GameTableTimings {
  bettingMs?: number;
  spinMs?: number;
  resultMs?: number;
  sellingMs?: number;
  ballMs?: number;
}

export function gameTableTimings(env: NodeJS.ProcessEnv): GameTableTimings {
  const names = { bettingMs: 'BETTING', spinMs: 'SPIN', resultMs: 'RESULT', sellingMs: 'SELLING', ballMs: 'BALL' } as const;
  const timings: GameTableTimings = {};
  for (const [key, name] of Object.entries(names) as [keyof GameTableTimings, string][]) {
    const variable = `GAME_TABLE_${name}_MS`;
    if (env[variable] !== undefined && env[variable] !== '') timings[key] = wholeNumber(env[variable], 0, variable, 100, 3_600_000);
  }
  return timings;
}

/** A real Hub88-style game aggregator (issue 13). */
export interface GameProviderSettings {
  /** The provider's API base URL (our signed calls go to <url>/game/url, …). */
  url: string;
  operatorId: string;
  /** Ours (PKCS#8 PEM): signs our calls to the provider. */
  operatorPrivateKey: string;
  /** The provider's (PEM): checks its answers and its wallet calls to us. */
  providerPublicKey: string;
}

export const GAME_PROVIDER_ENV = [
  'GAME_PROVIDER_URL',
  'GAME_OPERATOR_ID',
  'GAME_OPERATOR_PRIVATE_KEY',
  'GAME_PROVIDER_PUBLIC_KEY',
] as const;

/** The game provider's settings: undefined when none is set, an error (the server refuses to start) when only some are. */
export function gameProviderSettings(env: NodeJS.ProcessEnv): GameProviderSettings | undefined {
  const values = GAME_PROVIDER_ENV.map((name) => env[name]?.trim() ?? '');
  if (values.every((value) => value === '')) return undefined;
  const missing = GAME_PROVIDER_ENV.filter((_, at) => values[at] === '');
  if (missing.length) throw new Error(`game provider: set ${missing.join(', ')} too (or none of ${GAME_PROVIDER_ENV.join(', ')})`);
  const [url, operatorId, operatorPrivateKey, providerPublicKey] = values as [string, string, string, string];
  if (!/^https?:\/\//.test(url)) throw new Error(`GAME_PROVIDER_URL must be an http(s) URL, not ${url}`);
  // PEM keys often come through one-line variables with \n written out.
  const pem = (value: string) => value.replace(/\\n/g, '\n');
  return { url, operatorId, operatorPrivateKey: pem(operatorPrivateKey), providerPublicKey: pem(providerPublicKey) };
}

export interface KycConfig {
  /** KYC_REAUTH_DAYS: an approved player's face must have matched within this many days before a withdrawal. */
  reauthDays: number;
  /** KYC_RETENTION_DAYS: images of a verification not approved, and face-check captures, are deleted this long after. */
  retentionDays: number;
  /** KYC_CLOSED_RETENTION_YEARS: the approved verification's images are kept this long after the account closes. */
  closedRetentionYears: number;
  /** KYC_MAX_VERIFICATIONS_PER_ID: how many verifications one ID document may be submitted in (all accounts). */
  maxVerificationsPerId: number;
}

/** The identity-verification settings of an environment. */
export function kycConfig(env: NodeJS.ProcessEnv): KycConfig {
  return {
    reauthDays: wholeNumber(env['KYC_REAUTH_DAYS'], 90, 'KYC_REAUTH_DAYS', 1, 3_650),
    retentionDays: wholeNumber(env['KYC_RETENTION_DAYS'], 30, 'KYC_RETENTION_DAYS', 1, 3_650),
    closedRetentionYears: wholeNumber(env['KYC_CLOSED_RETENTION_YEARS'], 5, 'KYC_CLOSED_RETENTION_YEARS', 5, 50),
    maxVerificationsPerId: wholeNumber(env['KYC_MAX_VERIFICATIONS_PER_ID'], 5, 'KYC_MAX_VERIFICATIONS_PER_ID', 1, 100),
  };
}

export interface WithdrawConfig {
  /**
   * WITHDRAW_TURNOVER_PERCENT: deposits must be staked this many hundredths of their amount (in settled
   * bets) before they can be withdrawn; 100 = once, 0 = no rule. Deposits also read it (queryPayWays) to
   * tell the player before they pay.
   */
  turnoverPercent: number;
  /** The smallest and largest withdrawal, centavos (WITHDRAW_MIN_PESOS, WITHDRAW_MAX_PESOS). */
  minAmount: number;
  maxAmount: number;
  /** How many payment accounts of one type a player may keep (PAYMENT_ACCOUNTS_MAX). */
  maxAccountsPerType: number;
  /** Wrong withdrawal passwords that pause withdrawals… (WITHDRAW_PASSWORD_FAILURES) */
  passwordFailures: number;
  /** …for this long, doubling for each further pause within a day (WITHDRAW_PASSWORD_LOCK_MINUTES). */
  passwordLockMs: number;
}

function newSecrets(): Secrets {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    appKey: randomBytes(32).toString('hex'),
    rsaPrivateKey: privateKey,
    captchaSecret: randomBytes(32).toString('hex'),
    captchaKeySecret: randomBytes(32).toString('hex'),
    ...vapidKeys(),
  };
}

function vapidKeys(): Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'> {
  const keys = webpush.generateVAPIDKeys();
  return { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey };
}

function loadSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const fresh = newSecrets();
  const secrets: Secrets = {
    appKey: typeof existing.appKey === 'string' && existing.appKey.length >= 32 ? existing.appKey : fresh.appKey,
    rsaPrivateKey: typeof existing.rsaPrivateKey === 'string' ? existing.rsaPrivateKey : fresh.rsaPrivateKey,
    captchaSecret: typeof existing.captchaSecret === 'string' ? existing.captchaSecret : fresh.captchaSecret,
    captchaKeySecret: typeof existing.captchaKeySecret === 'string' ? existing.captchaKeySecret : fresh.captchaKeySecret,
    // Both halves or neither: a pair made at another start would not match.
    ...(typeof existing.vapidPublicKey === 'string' && typeof existing.vapidPrivateKey === 'string'
      ? { vapidPublicKey: existing.vapidPublicKey, vapidPrivateKey: existing.vapidPrivateKey }
      : { vapidPublicKey: fresh.vapidPublicKey, vapidPrivateKey: fresh.vapidPrivateKey }),
  };
  if (JSON.stringify(secrets) !== JSON.stringify(existing)) {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`${name} must be a whole number from 1 to 100, not ${value}`);
  return n;
}

function wholeNumber(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  return n;
}

/** The withdrawal settings of an environment (tests build one with a variable changed). */
export function withdrawConfig(env: NodeJS.ProcessEnv): WithdrawConfig {
  const minPesos = wholeNumber(env['WITHDRAW_MIN_PESOS'], 200, 'WITHDRAW_MIN_PESOS', 1, 10_000_000);
  const maxPesos = wholeNumber(env['WITHDRAW_MAX_PESOS'], 3_000_000, 'WITHDRAW_MAX_PESOS', minPesos, 100_000_000);
  return {
    // One rule for both sides: deposits announce it (queryPayWays), withdrawals enforce it. The payments
    // core's DEPOSIT_TURNOVER_PERCENT is read when WITHDRAW_TURNOVER_PERCENT is not set.
    turnoverPercent: wholeNumber(
      env['WITHDRAW_TURNOVER_PERCENT'] ?? env['DEPOSIT_TURNOVER_PERCENT'],
      100,
      'WITHDRAW_TURNOVER_PERCENT',
      0,
      10_000,
    ),
    minAmount: minPesos * 100,
    maxAmount: maxPesos * 100,
    maxAccountsPerType: wholeNumber(env['PAYMENT_ACCOUNTS_MAX'], 5, 'PAYMENT_ACCOUNTS_MAX', 1, 50),
    passwordFailures: count(env['WITHDRAW_PASSWORD_FAILURES'], 5, 'WITHDRAW_PASSWORD_FAILURES'),
    passwordLockMs: duration(env['WITHDRAW_PASSWORD_LOCK_MINUTES'], 30 * 60_000, 'WITHDRAW_PASSWORD_LOCK_MINUTES'),
  };
}

function duration(value: string | undefined, fallbackMs: number, name: string): number {
  if (value === undefined) return fallbackMs;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`${name} must be a number of minutes, not ${value}`);
  return minutes * 60_000;
}

/** A partner's origin as a CSP source: scheme, host (a leading `*.` for its subdomains) and port, nothing else. */
const ORIGIN_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

function origins(value: string | undefined, name: string): string[] {
  const list = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const wrong = list.filter((origin) => !ORIGIN_SOURCE.test(origin));
  if (wrong.length) throw new Error(`${name} must list origins like https://partner.example, not ${wrong.join(' ')}`);
  return list;
}

function drainSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 300) throw new Error(`DRAIN_SECONDS must be 0 to 300 seconds, not ${value}`);
  return Math.round(seconds * 1000);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env['DATA_DIR'] ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = overrides.secrets ?? loadSecrets(dataDir);
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env['PORT']}`);
  return {
    port,
    host: env['HOST'] ?? 'localhost',
    dataDir,
    distDir: resolve(env['DIST_DIR'] ?? 'dist'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    brokerUrl: brokerUrl(env['BROKER_URL']),
    production: env['NODE_ENV'] === 'production',
    pushSubject: env['PUSH_SUBJECT'] ?? 'mailto:support@panalo.ph',
    appKey: env['APP_KEY'] ?? secrets.appKey,
    secrets,
    sessionIdleMs: duration(env['SESSION_IDLE_MINUTES'], 2 * 60 * 60_000, 'SESSION_IDLE_MINUTES'),
    sessionMaxMs: duration(env['SESSION_MAX_MINUTES'], 7 * 24 * 60 * 60_000, 'SESSION_MAX_MINUTES'),
    logLevel: env['LOG_LEVEL'] ?? 'info',
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
    loginLockFailures: count(env['LOGIN_LOCK_FAILURES'], 5, 'LOGIN_LOCK_FAILURES'),
    loginLockMs: duration(env['LOGIN_LOCK_MINUTES'], 15 * 60_000, 'LOGIN_LOCK_MINUTES'),
    seedDemo: env['SEED_DEMO'] !== 'false',
    cashoutMarginBp: wholeNumber(env['CASHOUT_MARGIN_BP'], 500, 'CASHOUT_MARGIN_BP', 0, CASHOUT_MARGIN_MAX_BP),
    drainMs: drainSeconds(env['DRAIN_SECONDS'] ?? (env['NODE_ENV'] === 'test' ? '0' : '2')),
    feed: {
      seed: Number(env['FEED_SEED'] ?? 20_261_120),
      matchesPerSport: Number(env['FEED_MATCHES_PER_SPORT'] ?? 30),
      priceChangesPerSecond: Number(env['FEED_RATE'] ?? 60),
      matchSpeed: Number(env['FEED_MATCH_SPEED'] ?? 1),
    },
    frameAncestors: origins(env['FRAME_ANCESTORS'], 'FRAME_ANCESTORS'),
    withdraw: withdrawConfig(env),
    kyc: kycConfig(env),
    gameProvider: gameProviderSettings(env),
    gameTables: gameTableTimings(env),
    casinoSession: {
      idleMs: duration(env['CASINO_SESSION_IDLE_MINUTES'], 30 * 60_000, 'CASINO_SESSION_IDLE_MINUTES'),
      maxMs: duration(env['CASINO_SESSION_MAX_MINUTES'], 4 * 60 * 60_000, 'CASINO_SESSION_MAX_MINUTES'),
    },
    videoSimDir: env['VIDEO_SIM_DIR'] ? resolve(env['VIDEO_SIM_DIR']) : undefined,
    payments: paymentConfig(env, env['NODE_ENV'] === 'production'),
    social: socialConfig(env),
    viberBotUri: /^[\w.-]{1,64}$/.test(env['VIBER_BOT_URI'] ?? '') ? env['VIBER_BOT_URI']! : '',
    manualDeposits: manualDepositSettings(env, env['NODE_ENV'] === 'production', secrets.captchaKeySecret),
    ...overrides,
  };
}

/** BROKER_URL: an amqp:// or amqps:// URL, or nothing (one instance). */
export function brokerUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (!/^amqps?:\/\//.test(url))
    throw new Error(`BROKER_URL must be an amqp:// or amqps:// URL (RabbitMQ), not ${url.replace(/\/\/[^@]*@/, '//…@')}`);
  return url;
}
