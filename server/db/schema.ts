import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The reference backend's schema (Postgres dialect: PGlite by default, PostgreSQL with DATABASE_URL).
 * Money is bigint centavos. Ledger balances are maintained by a trigger from the entries, and every
 * ledger transaction is checked to balance at commit (see the custom migration).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const id = (name = 'id') => bigserial(name, { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable(
  'customers',
  {
    id: id(),
    loginName: text('login_name').notNull(),
    /**
     * The id the app and outside parties see (userInfo.customerId): random, so nobody can walk the
     * players by counting; `id` stays internal.
     */
    publicId: text('public_id')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** E.164, +639XXXXXXXXX; null for a visitor account without a phone yet. */
    mobileNo: text('mobile_no'),
    passwordHash: text('password_hash'),
    withdrawPasswordHash: text('withdraw_password_hash'),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    gender: text('gender'),
    email: text('email'),
    /** When the player proved the email with a code (security centre); null: not verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    realName: text('real_name').notNull().default(''),
    /** active | closed */
    status: text('status').notNull().default('active'),
    oddsType: smallint('odds_type').notNull().default(3),
    bindType: smallint('bind_type'),
    isFromGlife: boolean('is_from_glife').notNull().default(false),
    isFromLazada: boolean('is_from_lazada').notNull().default(false),
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    giftCard: text('gift_card').notNull().default(''),
    acquisition: jsonb('acquisition').$type<Record<string, string>>().notNull().default({}),
    invite: jsonb('invite').$type<Record<string, string>>().notNull().default({}),
    deviceToken: text('device_token'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customers_login_name').on(t.loginName),
    uniqueIndex('customers_public_id').on(t.publicId),
    uniqueIndex('customers_mobile_no').on(t.mobileNo),
    check('customers_gender', sql`${t.gender} IS NULL OR ${t.gender} IN ('M', 'F')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of the u2token (webToken.u2token), which authenticates the realtime socket. */
    u2Hash: text('u2_hash').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | login | password_changed | mobile_changed | account_closed */
    revokedReason: text('revoked_reason'),
    ip: text('ip').notNull().default(''),
    deviceId: text('device_id').notNull().default(''),
    /**
     * What the session may do, set at login: null for everything, 'withdraw' for a player on a break, a
     * self-exclusion or the restricted-persons list (responsible gaming: only withdrawals and the calls
     * around them; the contract refuses the rest).
     */
    scope: text('scope'),
    /**
     * The partner host the session was opened through (issue 36: 'gcash' for the super-app's silent login,
     * 'maya', 'viber'…), '' for the web. The operator's per-host withdraw-only switch reads it.
     */
    host: text('host').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_customer').on(t.customerId),
    check('sessions_scope', sql`${t.scope} IS NULL OR ${t.scope} IN ('withdraw')`),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    /** A phone (E.164) or an email. */
    recipient: text('recipient').notNull(),
    /** login | register | forget | bind | delete */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_recipient').on(t.recipient, t.purpose)],
);

/**
 * Wrong passwords per login number, shared by every server instance: after too many in a row password
 * login of that number pauses, whichever address the tries come from. Kept by number, not account, so
 * a number without an account answers exactly like one with an account.
 */
export const loginGuards = pgTable('login_guards', {
  /** E.164, as typed into the login form (normalized). */
  phone: text('phone').primaryKey(),
  /** Wrong passwords since the window began (reset by a right one, or when the window passes). */
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Password login is refused until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Lockouts in a row (each lasts twice the one before); forgotten a day after the last one ends. */
  lockouts: integer('lockouts').notNull().default(0),
});

/**
 * Per-address request counters of @fastify/rate-limit when several instances share PostgreSQL: one row
 * per key (the limit's route and the client address), counting until the window resets.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_resets_at').on(t.resetsAt)],
);

/** What the SMS and mail providers sent; the development outbox page lists it. */
export const outbox = pgTable('outbox', {
  id: id(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  body: text('body').notNull(),
  /** The mail provider's message id (email only), which its delivery events name. */
  messageId: text('message_id'),
  /** What the provider's last delivery event said: queued | delivered | bounced (email only). */
  delivery: text('delivery'),
  createdAt: createdAt(),
});

/** One-time tickets: captcha passes, partner temp tickets, password-reset tickets. */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    ticketHash: text('ticket_hash').notNull(),
    /** captcha | temp | reset */
    purpose: text('purpose').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    subject: text('subject').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tickets_hash').on(t.ticketHash)],
);

/**
 * Which Panalo account a partner host's user is (issue 36): the host's own user id (the super-app's
 * customerId from applyToken, the bot's user id), bound once, by a verified mobile number or a login.
 */
export const partnerLinks = pgTable(
  'partner_links',
  {
    id: id(),
    host: text('host').notNull(),
    hostUserId: text('host_user_id').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** What a social provider (Google, Apple) said at binding: its e-mail and the name (Apple's only at the first sign-in). */
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_links_host_user').on(t.host, t.hostUserId),
    index('partner_links_customer').on(t.customerId),
    // One Google and one Apple identity per player (0032_social_login).
    uniqueIndex('partner_links_social_customer')
      .on(t.host, t.customerId)
      .where(sql`${t.host} IN ('google', 'apple')`),
    check('partner_links_host', sql`${t.host} ~ '^[a-z][a-z0-9-]{1,31}$'`),
    check('partner_links_host_user_length', sql`length(${t.hostUserId}) BETWEEN 1 AND 128`),
    check('partner_links_email_length', sql`length(${t.email}) <= 320`),
    check('partner_links_name_length', sql`length(${t.name}) <= 120`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    line: text('line').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_customer').on(t.customerId)],
);

export const avatars = pgTable('avatars', {
  customerId: ref('customer_id')
    .primaryKey()
    .references(() => customers.id),
  /**
   * The picture's address is /media/avatar/<mediaKey>: 256 random bits, new at every upload, so a
   * player's media is never reachable by a guessable address.
   */
  mediaKey: text('media_key')
    .notNull()
    .unique('avatars_media_key')
    .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messages = pgTable(
  'messages',
  {
    id: id(),
    /** null: a notice for every player. */
    customerId: ref('customer_id').references(() => customers.id),
    /** 1 inbox, 2 notice */
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_customer').on(t.customerId, t.type), check('messages_type', sql`${t.type} IN (1, 2)`)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    messageId: ref('message_id')
      .notNull()
      .references(() => messages.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.messageId] })],
);

/**
 * Ledger accounts: a player's main and bonus wallets and sports (Saba) wallet; house accounts for the
 * outside world (payments, providers, transfers in flight). A player account never goes below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    customerId: ref('customer_id').references(() => customers.id),
    /** main | bonus | saba for players; house:<name> for the house */
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind').on(t.customerId, t.kind),
    uniqueIndex('ledger_accounts_house_kind')
      .on(t.kind)
      .where(sql`${t.customerId} IS NULL`),
    check('ledger_accounts_player_not_negative', sql`${t.customerId} IS NULL OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    /** deposit | transfer_out | transfer_in | bet | payout | ... */
    kind: text('kind').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    reference: text('reference').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transactions_customer').on(t.customerId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: ref('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: ref('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_transaction').on(t.transactionId), check('ledger_entries_not_zero', sql`${t.amount} <> 0`)],
);

/** A money-moving call's idempotency key and its first answer: a retry gets the same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    key: text('key').notNull(),
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    /** json, not jsonb: a retry gets the first answer byte for byte. */
    response: json('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/** Movements that wait for an outside party (a provider confirming a transfer): balanceFlag 0 meanwhile. */
export const pendingMovements = pgTable(
  'pending_movements',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending | done | failed */
    status: text('status').notNull().default('pending'),
    transactionId: ref('transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('pending_movements_customer').on(t.customerId, t.status)],
);

/** Match chat lines (spec §2 live match chat tab), kept for the chat-records call. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    matchId: text('match_id').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    nickName: text('nick_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_match').on(t.matchId, t.createdAt)],
);

/**
 * Bet tickets (spec §4 "Bet result status"): one per placed single, outright, player bet or parlay. The
 * stake left the player's wallet for house:open-bets in the same database transaction that wrote the
 * ticket; settlement and refunds move it on exactly once, guarded by the ticket's status.
 */
export const betTickets = pgTable(
  'bet_tickets',
  {
    id: id(),
    /** The ticket number players and the calls use (trans_id). */
    transId: text('trans_id').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** single | parlay | endingGame | outright | player | builder */
    mode: text('mode').notNull(),
    /** waiting | running | reject | won | lost | void | halfWon | halfLost | cashout */
    status: text('status').notNull(),
    /** The wallet the stake came from and a payout or refund goes back to: main (seamless) or saba. */
    wallet: text('wallet').notNull(),
    /** Whole stake in centavos (a parlay: every combination of every combo). */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** What the ticket returns if every leg wins, stake included, centavos. */
    potentialReturn: bigint('potential_return', { mode: 'number' }).notNull(),
    /** What was paid back once settled (0 while open and for a rejected ticket, whose stake was refunded). */
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    oddsType: smallint('odds_type').notNull(),
    /** The price change the player accepted: none | higher | any (a live ticket is checked against it). */
    acceptOdds: text('accept_odds').notNull().default('none'),
    createdAt: createdAt(),
    /** When a waiting (live) ticket's acceptance delay ends. */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Why a ticket was rejected. */
    reason: text('reason'),
    /**
     * The shard of house:open-bets that holds the stake (HOUSE_OPEN_BETS_SHARDS, migration 0015): its
     * refund or settlement takes it from there. Null on tickets placed before the shards: house:open-bets.
     */
    stakeAccountId: ref('stake_account_id').references(() => ledgerAccounts.id),
    /**
     * A bet builder's price (issue 38, migration 0037), whole hundredths: the feed's price of the whole
     * combination, which its legs' own prices do not multiply to. Null for every other mode.
     */
    priceH: integer('price_h'),
  },
  (t) => [
    uniqueIndex('bet_tickets_trans_id').on(t.transId),
    index('bet_tickets_records').on(t.customerId, t.status, t.createdAt),
    index('bet_tickets_waiting')
      .on(t.acceptAt)
      .where(sql`${t.status} = 'waiting'`),
    check('bet_tickets_mode', sql`${t.mode} IN ('single', 'parlay', 'endingGame', 'outright', 'player', 'builder')`),
    check(
      'bet_tickets_builder_price',
      sql`(${t.mode} = 'builder') = (${t.priceH} IS NOT NULL) AND (${t.priceH} IS NULL OR ${t.priceH} > 100)`,
    ),
    check(
      'bet_tickets_status',
      sql`${t.status} IN ('waiting', 'running', 'reject', 'won', 'lost', 'void', 'halfWon', 'halfLost', 'cashout')`,
    ),
    check('bet_tickets_wallet', sql`${t.wallet} IN ('main', 'saba')`),
    check('bet_tickets_amounts', sql`${t.stake} > 0 AND ${t.potentialReturn} >= 0 AND ${t.payout} >= 0`),
  ],
);

/** The selections of a ticket: one for a single, outright or player bet, one per match for a parlay. */
export const betLegs = pgTable(
  'bet_legs',
  {
    id: id(),
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => betTickets.id),
    /** The leg's place in the ticket (combinations are counted over this order). */
    legNo: smallint('leg_no').notNull(),
    /** The market, or an outright's outrightOddsId. */
    marketId: text('market_id').notNull(),
    /** The match, or an outright's leagueId. */
    matchId: text('match_id').notNull(),
    sportTypeId: text('sport_type_id').notNull(),
    leagueId: text('league_id').notNull().default(''),
    leagueName: text('league_name').notNull().default(''),
    homeName: text('home_name').notNull().default(''),
    awayName: text('away_name').notNull().default(''),
    /** Kick-off (an outright: its eventDate), ISO 8601. */
    kickoff: text('kickoff').notNull(),
    /** The selection ('h', 'o', '2-1'…; an outright: the teamId). */
    key: text('key').notNull(),
    keyEn: text('key_en').notNull(),
    betType: integer('bet_type').notNull(),
    betTypeName: text('bet_type_name').notNull(),
    periodName: text('period_name').notNull().default(''),
    /** The line the bet was struck at, which is what settles it (quarter lines give half outcomes). */
    point: doublePrecision('point'),
    point2: doublePrecision('point2'),
    /** Decimal odds in whole hundredths. */
    priceH: integer('price_h').notNull(),
    /** running | won | lost | void | halfWon | halfLost */
    outcome: text('outcome').notNull().default('running'),
    /** The figures the leg settled on, e.g. '2-1'. */
    score: text('score'),
    playerId: text('player_id'),
    playerName: text('player_name'),
    teamId: text('team_id'),
    teamName: text('team_name'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bet_legs_ticket').on(t.ticketId, t.legNo),
    index('bet_legs_match').on(t.matchId, t.outcome),
    index('bet_legs_market').on(t.marketId),
    check('bet_legs_outcome', sql`${t.outcome} IN ('running', 'won', 'lost', 'void', 'halfWon', 'halfLost')`),
    check('bet_legs_price', sql`${t.priceH} > 100`),
  ],
);

/** A parlay's combos (Doubles, Trebles, Fold{n}): the stake of each bet and how many bets the combo makes. */
export const betCombos = pgTable(
  'bet_combos',
  {
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => betTickets.id),
    comboType: text('combo_type').notNull(),
    size: smallint('size').notNull(),
    /** Per bet, centavos. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    bets: integer('bets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.comboType] }), check('bet_combos_positive', sql`${t.stake} > 0 AND ${t.bets} > 0`)],
);

/** A cash-out quote (issue 38): what `part` centavos of the ticket's stake (of `stake` then) fetch, until it expires. */
export const betCashoutQuotes = pgTable('bet_cashout_quotes', {
  id: text('id').primaryKey(),
  ticketId: ref('ticket_id')
    .notNull()
    .references(() => betTickets.id),
  customerId: ref('customer_id').notNull(),
  part: bigint('part', { mode: 'number' }).notNull(),
  stake: bigint('stake', { mode: 'number' }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  live: boolean('live').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A cash-out done: full (the ticket is then 'cashout'), partial (its stake shrank by `part`) or auto (full, by the rule). */
export const betCashouts = pgTable('bet_cashouts', {
  id: id(),
  ticketId: ref('ticket_id')
    .notNull()
    .references(() => betTickets.id),
  customerId: ref('customer_id').notNull(),
  quoteId: text('quote_id'),
  kind: text('kind').notNull(),
  stakeBefore: bigint('stake_before', { mode: 'number' }).notNull(),
  part: bigint('part', { mode: 'number' }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** An auto cash-out rule: the leader's job cashes the ticket out once its value reaches `threshold` centavos. */
export const betCashoutRules = pgTable('bet_cashout_rules', {
  ticketId: ref('ticket_id')
    .primaryKey()
    .references(() => betTickets.id),
  customerId: ref('customer_id').notNull(),
  threshold: bigint('threshold', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/**
 * The simulated odds feed's state (server/providers/feed/keeper.ts), one row per feed, so a restart or a
 * deploy resumes the same matches, markets and prices instead of voiding every open bet. `version` grows
 * with every save and a write never replaces a newer one, so a late or repeated write changes nothing;
 * `writer` names the instance that wrote it (the one running the feed).
 */
export const feedState = pgTable('feed_state', {
  feed: text('feed').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /** The shape of `state` (FEED_STATE_FORMAT); another format is not restored. */
  format: integer('format').notNull(),
  /** The state as gzipped JSON: a twelfth of the text, compressed off the main thread. */
  state: bytea('state').notNull(),
  writer: text('writer').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
});

/**
 * The payment providers' signed webhooks as they arrived (an inbox): one row per provider event, kept
 * whatever its verdict, so a forged or malformed one is on record (refused, never dispatched) and a
 * verified one is handled exactly once (handled_at is set in the transaction that applied it). A row that
 * stays unhandled (its handler failed) is handled again by the provider's next copy or by the inbox job.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    /** paymongo | maya | xendit */
    provider: text('provider').notNull(),
    /** The provider's event id; null for a refused request (its id cannot be trusted). */
    eventId: text('event_id'),
    /** deposit | payout, for a verified event. */
    kind: text('kind'),
    /** accepted | no-signature | bad-signature | stale | malformed */
    verdict: text('verdict').notNull(),
    /** The raw body as received (cut at 8 KB for a refused one). */
    payload: text('payload').notNull(),
    /** The verified event as our side reads it (PaymentEvent), so the inbox job can handle it again later. */
    event: jsonb('event').$type<Record<string, unknown>>(),
    /** How many copies of this event arrived. */
    copies: integer('copies').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** Handler attempts that failed, and the last failure (for support). */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('payment_webhook_events_event').on(t.provider, t.eventId),
    index('payment_webhook_events_unhandled')
      .on(t.receivedAt)
      .where(sql`${t.handledAt} IS NULL AND ${t.verdict} = 'accepted'`),
  ],
);

/**
 * Deposit orders of every pay type: e-wallet checkouts (gcash, maya: provider and checkout id set),
 * bank transfers, vouchers and agent cash-ins (their particulars in `details`). An order is credited at
 * most once: credit_transaction_id is set in the same transaction as the ledger posting.
 */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: id(),
    /** What the player and support see; random, so nobody can guess another player's order. */
    orderNo: text('order_no').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** gcash | maya | bank | voucher | agent */
    payType: text('pay_type').notNull(),
    channelId: text('channel_id').notNull(),
    /** paymongo | maya | bank | voucher | agent */
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (payment intent, Maya checkoutId); null until it exists or when none. */
    providerCheckoutId: text('provider_checkout_id'),
    checkoutUrl: text('checkout_url'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** DepositStatus of src/contract/money.ts */
    status: text('status').notNull().default('pending'),
    /** What the player can do next when the order ended without money. */
    message: text('message'),
    failureCode: text('failure_code'),
    /** The pending movement that keeps balanceFlag at 0 while the order is in flight. */
    movementId: ref('movement_id').references(() => pendingMovements.id),
    creditTransactionId: ref('credit_transaction_id').references(() => ledgerTransactions.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposit_orders_order_no').on(t.orderNo),
    uniqueIndex('deposit_orders_checkout').on(t.provider, t.providerCheckoutId),
    uniqueIndex('deposit_orders_credit').on(t.creditTransactionId),
    index('deposit_orders_customer').on(t.customerId, t.createdAt),
    index('deposit_orders_open')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('deposit_orders_amount_positive', sql`${t.amount} > 0`),
    check('deposit_orders_order_no_length', sql`length(${t.orderNo}) BETWEEN 8 AND 64`),
    check('deposit_orders_status', sql`${t.status} IN ('pending', 'paid', 'failed', 'expired', 'cancelled', 'reviewing', 'rejected')`),
    check('deposit_orders_pay_type', sql`${t.payType} IN ('gcash', 'maya', 'bank', 'voucher', 'agent', 'lazada')`),
  ],
);

/**
 * Leases of the shared jobs (simulator tick, expiry, resumes, reconciliation): one instance holds a job's
 * lease at a time and renews it at each run; a lease left by a crashed instance lapses at expires_at.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A player's payment accounts for withdrawals (spec §7 accountType: 0 bank, 11 GCash, 12 Maya). The
 * number is kept encrypted (AES-256-GCM, server/lib/security.ts atRestCipher) with its last four digits
 * beside it for the masked answers, and a keyed hash so one number is bound once per player. A deleted
 * account keeps its row (withdrawal orders point at it) with `deletedAt` set.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    accountType: smallint('account_type').notNull(),
    accountNoEncrypted: text('account_no_encrypted').notNull(),
    accountNoLast4: text('account_no_last4').notNull(),
    accountNoHash: text('account_no_hash').notNull(),
    accountName: text('account_name').notNull(),
    bankCode: text('bank_code'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_accounts_owner').on(t.customerId, t.accountType),
    uniqueIndex('payment_accounts_one_number')
      .on(t.customerId, t.accountType, t.accountNoHash)
      .where(sql`${t.deletedAt} IS NULL`),
    check('payment_accounts_type', sql`${t.accountType} IN (0, 11, 12)`),
  ],
);

/**
 * Withdrawal orders (spec §7 withdraw/*). The amount is held in house:pending-withdrawals from creation
 * (`holdTransactionId`) until the payout settles (`settleTransactionId`, to house:payments) or comes
 * back (`returnTransactionId`, to the wallet). `payoutKey` is the idempotency key of the payout create,
 * derived from the order, so a retry or a restart re-creates the same payout and never a second one.
 */
export const withdrawalOrders = pgTable(
  'withdrawal_orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    paymentAccountId: ref('payment_account_id').references(() => paymentAccounts.id),
    /** gcash | maya | bank | agent */
    channel: text('channel').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending | processing | paid | failed | reversed (WithdrawalStatus) */
    status: text('status').notNull().default('pending'),
    /** Masked, as the player reads it: 'GCash •••• 4567'. */
    destination: text('destination').notNull(),
    provider: text('provider').notNull(),
    payoutKey: text('payout_key').notNull(),
    payoutId: text('payout_id'),
    rail: text('rail'),
    claimCode: text('claim_code'),
    failureCode: text('failure_code'),
    message: text('message'),
    /** When the split plan produced it: the group's shared id. */
    splitGroup: text('split_group'),
    holdTransactionId: ref('hold_transaction_id').references(() => ledgerTransactions.id),
    settleTransactionId: ref('settle_transaction_id').references(() => ledgerTransactions.id),
    returnTransactionId: ref('return_transaction_id').references(() => ledgerTransactions.id),
    pendingMovementId: ref('pending_movement_id').references(() => pendingMovements.id),
    /** Payout create tries so far, and when the resume job tries again (null: nothing to do). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    expectedBy: timestamp('expected_by', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_orders_order_no').on(t.orderNo),
    uniqueIndex('withdrawal_orders_payout_key').on(t.payoutKey),
    index('withdrawal_orders_customer').on(t.customerId, t.createdAt),
    index('withdrawal_orders_account').on(t.paymentAccountId, t.status),
    index('withdrawal_orders_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} IS NOT NULL`),
    check('withdrawal_orders_amount', sql`${t.amount} > 0`),
    check('withdrawal_orders_status', sql`${t.status} IN ('pending', 'processing', 'paid', 'failed', 'reversed')`),
    check('withdrawal_orders_channel', sql`${t.channel} IN ('gcash', 'maya', 'bank', 'agent')`),
  ],
);

/**
 * Vouchers and gift cards. Only a hash of the code is kept (a leaked table gives no spendable code);
 * the last four characters are kept to show it masked. `kind`: deposit (a prepaid voucher bought for
 * cash, deposit/depositByVoucher), promo (given by the operator, customer/receiveVoucher) or giftcard
 * (given to one player, listed by giftCard/list). A code is used at most `max_uses` times and at most
 * once by each player (voucher_redemptions).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    codeTail: text('code_tail').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The one player who may use it (gift cards); null: any player. */
    customerId: ref('customer_id').references(() => customers.id),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Who issued it (the operator's note: campaign, page). */
    issuedBy: text('issued_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_hash').on(t.codeHash),
    index('vouchers_customer').on(t.customerId),
    check('vouchers_kind', sql`${t.kind} IN ('deposit', 'promo', 'giftcard')`),
    check('vouchers_amount_positive', sql`${t.amount} > 0`),
    check('vouchers_uses', sql`${t.uses} >= 0 AND ${t.uses} <= ${t.maxUses}`),
  ],
);

/** Who used a voucher, when, and the ledger transaction that paid it: once per player and code. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherId: ref('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    transactionId: ref('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.customerId] }),
    uniqueIndex('voucher_redemptions_transaction').on(t.transactionId),
    index('voucher_redemptions_customer').on(t.customerId, t.createdAt),
  ],
);

/**
 * The transfer receipt of a bank deposit: the picture as checked and fitted (at most 750 px), under an
 * unguessable key, and the operator's decision on it.
 */
export const depositReceipts = pgTable('deposit_receipts', {
  orderId: ref('order_id')
    .primaryKey()
    .references(() => depositOrders.id),
  mediaKey: text('media_key').notNull().unique('deposit_receipts_media_key'),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** Who decided (the operator's name as typed on the review page) and when. */
  reviewedBy: text('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

/**
 * The agent network's side of a cash-in (the simulator of server/providers/agents, development and
 * tests only): the payment code a cashier enters, what it is for, and its signed callback to us, retried
 * until answered 2xx.
 */
export const agentCashIns = pgTable(
  'agent_cash_ins',
  {
    paymentId: text('payment_id').primaryKey(),
    code: text('code').notNull(),
    /** Our order number (the merchant's reference). */
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** awaiting | paid | expired */
    status: text('status').notNull().default('awaiting'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The store where the cash was taken. */
    store: text('store'),
    callbackAttempts: integer('callback_attempts').notNull().default(0),
    /** When the callback is to be sent (again); null when answered or none is due. */
    callbackDueAt: timestamp('callback_due_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agent_cash_ins_code').on(t.code),
    uniqueIndex('agent_cash_ins_reference').on(t.reference),
    index('agent_cash_ins_callback_due')
      .on(t.callbackDueAt)
      .where(sql`${t.callbackDueAt} IS NOT NULL`),
  ],
);

/**
 * What each reconciliation run found: the provider's records (checkouts, agent cash-ins, payouts)
 * compared with our orders and the ledger. `mismatches` lists each difference as
 * { kind, reference, ours, theirs, note }; an empty list is a clean run.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: id(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    /** The window of records compared (by creation time). */
    windowFrom: timestamp('window_from', { withTimezone: true }).notNull(),
    windowTo: timestamp('window_to', { withTimezone: true }).notNull(),
    /** How many provider records and orders were compared. */
    checked: integer('checked').notNull(),
    mismatchCount: integer('mismatch_count').notNull(),
    mismatches: jsonb('mismatches').$type<unknown[]>().notNull().default([]),
  },
  (t) => [index('reconciliation_reports_ran_at').on(t.ranAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Identity verification (issue 12, server/modules/kyc). Personal data (ID numbers, read fields, images)
// is sealed at rest (atRestCipher); ID numbers are compared by their keyed hash only.

/** Where each player's verification stands (spec §4's status machine; one row per player who started). */
export const kycStates = pgTable(
  'kyc_states',
  {
    customerId: ref('customer_id')
      .primaryKey()
      .references(() => customers.id),
    /** -1 not set, 0 pending, 1 approved, 2 system-rejected, 3 manually rejected, 4 treated as not set */
    ekycStatus: smallint('ekyc_status').notNull().default(-1),
    /** The status of an earlier verification since taken back or reset (1: 'Update Identity'). */
    oldKycStatus: smallint('old_kyc_status').notNull().default(-1),
    rejectCode: text('reject_code'),
    /** RETRY | FINAL */
    rejectType: text('reject_type'),
    rejectReason: text('reject_reason').notNull().default(''),
    refuseInit: boolean('refuse_init').notNull().default(false),
    /** The verification the status is about. */
    verificationId: ref('verification_id'),
    /** When the player's face last matched (verification or face check): periodic re-authentication. */
    lastFaceMatchAt: timestamp('last_face_match_at', { withTimezone: true }),
    /** The vendor's time of the last review event applied: an older one arriving later is not applied. */
    lastEventAtMs: bigint('last_event_at_ms', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('kyc_states_status', sql`${t.ekycStatus} BETWEEN -1 AND 4`)],
);

/** One vendor transaction: a verification (h5initialize) or a face check (h5FaceCaptureInit). */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Our id of it at the vendor (externalId of its review events). */
    bizId: text('biz_id').notNull(),
    /** kyc | face */
    kind: text('kind').notNull(),
    transactionId: text('transaction_id').notNull(),
    docType: smallint('doc_type').notNull(),
    /** started | pending | approved | rejected | abandoned; a face check: started | passed | failed */
    state: text('state').notNull().default('started'),
    /** The confirmed ID (modifyEkycRequest): type, keyed hash of the number, the sealed fields. */
    idType: smallint('id_type'),
    idNoHash: text('id_no_hash'),
    fields: text('fields'),
    /** What the vendor read (sealed JSON). */
    ocr: text('ocr'),
    faceScore: integer('face_score'),
    facePassed: boolean('face_passed'),
    rejectCode: text('reject_code'),
    rejectType: text('reject_type'),
    /** For staff only (the vendor's moderation comment). */
    staffComment: text('staff_comment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When it ended (decided, or abandoned): the retention rule counts from here. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('kyc_verifications_biz_id').on(t.bizId),
    uniqueIndex('kyc_verifications_transaction').on(t.transactionId),
    index('kyc_verifications_customer').on(t.customerId, t.createdAt),
    index('kyc_verifications_id_no')
      .on(t.idType, t.idNoHash)
      .where(sql`${t.idNoHash} IS NOT NULL`),
  ],
);

/**
 * ID photos and face captures, sealed at rest, at /media/kyc/<key> (256 random bits) for their owner
 * only. Deleted by the retention job (server/modules/kyc/retention.ts).
 */
export const kycImages = pgTable(
  'kyc_images',
  {
    key: text('key').primaryKey(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    verificationId: ref('verification_id').references(() => kycVerifications.id),
    /** document | face | second_document | face_check */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    /** The bytes, base64, sealed (AES-256-GCM). */
    data: text('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('kyc_images_customer').on(t.customerId), index('kyc_images_verification').on(t.verificationId)],
);

/** The personal-information form of spec §3 beyond what customers holds (names, birthday, gender, e-mail). */
export const kycProfiles = pgTable('kyc_profiles', {
  customerId: ref('customer_id')
    .primaryKey()
    .references(() => customers.id),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /** PSGC codes. */
  province: text('province'),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  /** Sealed. */
  address: text('address'),
  occupation: text('occupation').notNull(),
  sourceOfIncome: text('source_of_income').notNull(),
  firstIdType: smallint('first_id_type').notNull(),
  /** Sealed ID numbers. */
  firstIdNo: text('first_id_no').notNull(),
  firstIdScan: text('first_id_scan').notNull(),
  faceId: text('face_id').notNull(),
  secondIdType: smallint('second_id_type'),
  secondIdNo: text('second_id_no'),
  secondIdScan: text('second_id_scan'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Face-capture log lines (camera missing, no face, retried): for support and fraud review. */
export const kycFaceLogs = pgTable(
  'kyc_face_logs',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    transactionId: text('transaction_id'),
    event: text('event').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('kyc_face_logs_customer').on(t.customerId, t.createdAt)],
);

/**
 * The eKYC vendor simulator's side (server/providers/kyc, development and tests only): one row per
 * vendor transaction (ZOLOZ Real ID-style initialize → document → face → checkresult), with the vendor's
 * copies of the images, what it read, its decision and the latest review (Sumsub-style GREEN / RED).
 */
export const kycSimTransactions = pgTable(
  'kyc_sim_transactions',
  {
    transactionId: text('transaction_id').primaryKey(),
    /** The merchant's id of the verification (our bizId). */
    bizId: text('biz_id').notNull(),
    userId: text('user_id').notNull(),
    /** spec §3 ID type and the vendor's document code it maps to. */
    docType: integer('doc_type').notNull(),
    docCode: text('doc_code').notNull(),
    flowType: text('flow_type').notNull(),
    /** INIT | PENDING | SUCCESS | FAILURE | EXPIRED */
    state: text('state').notNull().default('INIT'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    docImage: bytea('doc_image'),
    faceImage: bytea('face_image'),
    /** What the vendor read from the document (OcrFields). */
    ocr: jsonb('ocr').$type<Record<string, string>>(),
    faceScore: integer('face_score'),
    /** The fields the merchant confirmed at checkresult. */
    confirmed: jsonb('confirmed').$type<Record<string, unknown>>(),
    /** The decision as checkresult answers it: { ekycResult, rejectReason?, flags, faceScore }. */
    decision: jsonb('decision').$type<Record<string, unknown>>(),
    /** The latest review (GREEN / RED, RETRY / FINAL, labels, comments) when a reviewer decided. */
    review: jsonb('review').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('kyc_sim_transactions_state').on(t.state, t.createdAt)],
);

/** The simulator's switches (default outcome 'review' | 'pass', VENDOR_DOWN), shared by every instance. */
export const kycSimSettings = pgTable('kyc_sim_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/** The simulator's review webhooks: each event's copies, sent at spread moments and retried until answered 2xx. */
export const kycSimWebhooks = pgTable(
  'kyc_sim_webhooks',
  {
    /** <eventId>#<copy> */
    id: text('id').primaryKey(),
    eventId: text('event_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastAnswer: integer('last_answer'),
    /** waiting | delivered | gave-up */
    state: text('state').notNull().default('waiting'),
    /** When to send (again); null once answered 2xx or given up. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('kyc_sim_webhooks_due')
      .on(t.dueAt)
      .where(sql`${t.dueAt} IS NOT NULL`),
    index('kyc_sim_webhooks_transaction').on(t.transactionId),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Casino simulator: shared-timer tables (issue 13, server/providers/games/tables): the live roulette
// tables and the bingo rooms. Rounds are rows advanced by a leader job, so every instance shows the same
// round and a restart resumes it; a bet row exists before its wallet call, so none is lost or paid twice.

/** One round of a table or room: its seed committed (hash shown) when it opens, revealed when it has a result. */
export const gameTableRounds = pgTable(
  'game_table_rounds',
  {
    /** <gameCode>-<seq> */
    id: text('id').primaryKey(),
    gameCode: text('game_code').notNull(),
    /** roulette | bingo */
    engine: text('engine').notNull(),
    seq: integer('seq').notNull(),
    /** betting (bets / cards sold) → running (the wheel spins / balls are called) → result → settled */
    phase: text('phase').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    /** No more bets (roulette) / cards (bingo) from here. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** The ball lands (roulette) / the last ball is called (bingo). */
    resultAt: timestamp('result_at', { withTimezone: true }).notNull(),
    /** The next round may open from here (after the result was shown). */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Bingo: balls called so far (persisted by the job, so every instance shows the same). */
    called: integer('called').notNull().default(0),
    /** Bingo: cards sold so far (the next card's index is cards + 1). */
    cards: integer('cards').notNull().default(0),
    /** Roulette: the pocket, set at the result. */
    pocket: integer('pocket'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('game_table_rounds_seq').on(t.gameCode, t.seq)],
);

/** Who sits at a table (a seat is held while the player's page keeps asking for the state). */
export const gameTableSeats = pgTable(
  'game_table_seats',
  {
    gameCode: text('game_code').notNull(),
    sessionId: text('session_id').notNull(),
    user: text('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameCode, t.sessionId] }), index('game_table_seats_seen').on(t.gameCode, t.seenAt)],
);

/** A chip on the roulette layout or a bingo card: one bet transaction of the session wallet (the row's id). */
export const gameTableBets = pgTable(
  'game_table_bets',
  {
    /** The provider's bet transaction id. */
    id: text('id').primaryKey(),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code').notNull(),
    sessionId: text('session_id').notNull(),
    user: text('user_id').notNull(),
    /** Roulette: the spot {kind, pick?, pick2?}; bingo: {card: index}. */
    spot: jsonb('spot').$type<Record<string, unknown>>().notNull(),
    label: text('label').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Bingo: the card's index in the round. */
    cardIndex: integer('card_index'),
    /** pending (wallet asked) | placed | refused | settled | rolled-back | orphaned (its session vanished: logged, unpaid) */
    state: text('state').notNull(),
    refusal: text('refusal'),
    win: bigint('win', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('game_table_bets_round').on(t.roundId, t.state),
    index('game_table_bets_session').on(t.sessionId, t.createdAt),
    uniqueIndex('game_table_bets_card').on(t.roundId, t.cardIndex),
  ],
);
// --- Game provider simulator (server/providers/games, development and tests only) -------------------

/**
 * The game provider simulator's launched sessions (issue 13): one per launch, the game page's URL names
 * it (/sim/games/play/<sessionId>). Seeds: the next round's server seed is chosen (and its hash shown)
 * before that round; each round takes it and a new one is chosen. Demo sessions keep their play money
 * in game_sim_wallets under `demo:<sessionId>`.
 */
export const gameSimSessions = pgTable(
  'game_sim_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    user: text('user').notNull(),
    token: text('token'),
    gameCode: text('game_code').notNull(),
    platformCode: text('platform_code').notNull(),
    currency: text('currency').notNull(),
    /** seamless | transfer | demo */
    mode: text('mode').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextServerSeed: text('next_server_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    lobbyUrl: text('lobby_url').notNull(),
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_sim_sessions_user').on(t.user, t.createdAt)],
);

/** The simulator's rounds of instant games: seeds, the engine's state and view, what was bet and won. */
export const gameSimRounds = pgTable(
  'game_sim_rounds',
  {
    roundId: text('round_id').primaryKey(),
    sessionId: text('session_id').notNull(),
    gameCode: text('game_code').notNull(),
    bet: bigint('bet', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    /** betting | open | settled | refused (the wallet refused the bet) | rolled_back */
    status: text('status').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** 32-bit values read from the round's stream so far (an act continues after them). */
    draws: integer('draws').notNull().default(0),
    state: jsonb('state').$type<unknown>(),
    view: jsonb('view').$type<unknown>(),
    outcome: text('outcome').notNull().default(''),
    actions: jsonb('actions').$type<unknown[]>().notNull(),
    jackpotWin: bigint('jackpot_win', { mode: 'number' }).notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('game_sim_rounds_session').on(t.sessionId, t.startedAt),
    // The abandoned-round sweep (every few seconds): only the few rounds still open or betting.
    index('game_sim_rounds_unfinished')
      .on(t.startedAt)
      .where(sql`${t.status} IN ('open', 'betting')`),
  ],
);

/** Balances the simulator keeps itself: a transfer platform's players (`<platform>:<user>`) and demo sessions (`demo:<sessionId>`). */
export const gameSimWallets = pgTable('game_sim_wallets', {
  account: text('account').primaryKey(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
});

/** Moves on game_sim_wallets, idempotent by transaction id (a game's bet/win/rollback, or a transfer). */
export const gameSimWalletMoves = pgTable('game_sim_wallet_moves', {
  transactionId: text('transaction_id').primaryKey(),
  account: text('account').notNull(),
  /** bet | win | rollback | deposit | withdraw */
  kind: text('kind').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** succeeded | failed (not enough balance) */
  status: text('status').notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Seamless wallet calls (win, rollback) still to deliver to the operator: retried by a job until RS_OK. */
export const gameSimPendingCalls = pgTable('game_sim_pending_calls', {
  transactionId: text('transaction_id').primaryKey(),
  path: text('path').notNull(),
  /** The request without request_uuid (a fresh one per attempt). */
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/** The simulator's switches (outage, duplicate sends) and the progressive jackpot's amount. */
export const gameSimSettings = pgTable('game_sim_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});
/*
 * The casino's seamless wallet (issue 13, server/modules/casinoWallet): the sessions whose tokens the
 * provider sends back in every wallet call, every transaction it sent (kept, with its first answer, so a
 * repeat answers the same), the rounds the records show, and the transfers to transfer-wallet platforms.
 */

/** A real-money game session: the token the launch handed the provider (only its SHA-256 is kept). */
export const casinoSessions = pgTable(
  'casino_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The player id the provider knows (the loginName). */
    userName: text('user_name').notNull(),
    gameId: integer('game_id').notNull().default(0),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull().default(''),
    platformCode: text('platform_code').notNull(),
    category: integer('category').notNull().default(0),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Moves on with play (inactivity expiry), never past the session's longest life. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('casino_sessions_token').on(t.tokenHash), index('casino_sessions_customer').on(t.customerId)],
);

/**
 * One provider transaction (Hub88 transaction_uuid, never processed twice): a bet, a win or a rollback,
 * with the first answer given. A rollback whose target is unknown stays as a tombstone: the late bet it
 * names is refused.
 */
export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    transactionUuid: text('transaction_uuid').primaryKey(),
    /** bet | win | rollback */
    kind: text('kind').notNull(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    sessionId: ref('session_id').references(() => casinoSessions.id),
    roundId: text('round_id').notNull(),
    /** win: its bet; rollback: the transaction it cancels. */
    referenceUuid: text('reference_uuid'),
    supplierTransactionId: text('supplier_transaction_id').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /**
     * bet: accepted | refused (not enough money) | rolled_back; win: accepted; rollback: accepted |
     * tombstone (its target was unknown when it came).
     */
    status: text('status').notNull(),
    ledgerTransactionId: ref('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The first answer (json: a repeat gets it byte for byte, with its own request_uuid). */
    answer: json('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('casino_transactions_reference').on(t.referenceUuid), index('casino_transactions_round').on(t.customerId, t.roundId)],
);

/** A round as the player's records show it (sums kept with each transaction). */
export const casinoRounds = pgTable(
  'casino_rounds',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The provider's round id (a live table's round is shared by its players: unique per player). */
    roundId: text('round_id').notNull(),
    gameId: integer('game_id').notNull(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    platformCode: text('platform_code').notNull(),
    category: integer('category').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** open | settled | rolled_back */
    status: text('status').notNull().default('open'),
    /** Staked (bets not rolled back) and won, centavos. */
    bet: bigint('bet', { mode: 'number' }).notNull().default(0),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('casino_rounds_customer_round').on(t.customerId, t.roundId),
    index('casino_rounds_customer_started').on(t.customerId, t.startedAt),
  ],
);

/**
 * A transfer to or from a transfer-wallet platform, by its transferId (the platform's idempotency key):
 * pending until the platform says succeeded or failed; a job asks about the pending ones, after a
 * restart too.
 */
export const casinoTransfers = pgTable(
  'casino_transfers',
  {
    transferId: text('transfer_id').primaryKey(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    userName: text('user_name').notNull(),
    platformCode: text('platform_code').notNull(),
    /** in (main → platform) | out (platform → main) */
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending | done | failed */
    status: text('status').notNull().default('pending'),
    /** The platform balance it answered, once it did. */
    platformBalance: bigint('platform_balance', { mode: 'number' }),
    movementId: ref('movement_id').references(() => pendingMovements.id),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('casino_transfers_pending')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    index('casino_transfers_customer').on(t.customerId, t.createdAt),
  ],
);
// Casino games (issue 13, server/modules/games): the operator's copy of the provider's catalogue (ids that
// never change), the players' likes and recently played games, the progressive jackpot's last amount.

/**
 * One row per game the provider ever listed, keyed by platform + game code: `id` is the lobby's gameId, so
 * it never changes across refreshes and restarts. A game the provider no longer lists stays (unlisted), so
 * its id is never given to another game and old records still name it.
 */
export const gameCatalogue = pgTable(
  'game_catalogue',
  {
    id: id(),
    platformCode: text('platform_code').notNull(),
    gameCode: text('game_code').notNull(),
    /** The provider's description of the game (ProviderGame, theme included). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Sort order within its kind (lower first). */
    rank: integer('rank').notNull().default(0),
    listed: boolean('listed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_catalogue_code').on(t.platformCode, t.gameCode)],
);

/** The provider's platforms (studios), in the provider's order. */
export const gamePlatforms = pgTable('game_platforms', {
  platformCode: text('platform_code').primaryKey(),
  name: text('name').notNull(),
  /** seamless | transfer */
  wallet: text('wallet').notNull(),
  position: integer('position').notNull(),
  listed: boolean('listed').notNull().default(true),
});

/** likeGameList: a player's liked games (at most GAME_LIKES_MAX). */
export const gameLikes = pgTable(
  'game_likes',
  {
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    gameId: ref('game_id')
      .notNull()
      .references(() => gameCatalogue.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.gameId] }), index('game_likes_newest').on(t.customerId, t.createdAt)],
);

/** historyGameList: the games a player launched with real money, one row per game with its last launch. */
export const gameHistory = pgTable(
  'game_history',
  {
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    gameId: ref('game_id')
      .notNull()
      .references(() => gameCatalogue.id),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.gameId] }), index('game_history_newest').on(t.customerId, t.lastPlayedAt)],
);

/** The last jackpot amount seen from the provider (what a new subscriber or instance starts from). */
export const gameJackpot = pgTable('game_jackpot', {
  name: text('name').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The customer-support chat (issue 37, server/modules/support): one row per conversation of a player,
 * or of a visitor's session until that visitor logs in (then it is the player's). `publicId` is what the
 * app sees (128 random bits); `deskConversationId` the help desk's id once the desk has it.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: id(),
    publicId: text('public_id').notNull(),
    customerId: ref('customer_id').references(() => customers.id),
    /** The visitor's session it was opened in (kept after the visitor logs in and the player owns it). */
    visitorSessionId: ref('visitor_session_id').references(() => sessions.id),
    /** open | assigned | closed */
    status: text('status').notNull().default('open'),
    /** en | cn: the language the desk and the out-of-hours answer use. */
    language: text('language').notNull().default('en'),
    /** What it was last opened about (page, about, orderNo, transId), checked to be the owner's. */
    context: jsonb('context').$type<Record<string, string>>().notNull().default({}),
    /** What the desk's agent sees of the context and the player, masked. */
    contextSummary: jsonb('context_summary').$type<Record<string, string>>().notNull().default({}),
    deskConversationId: text('desk_conversation_id'),
    /** The desk must hear of a changed context. */
    attributesDue: boolean('attributes_due').notNull().default(false),
    /** When the desk's last status or assignment event happened (an older one arriving later is not applied). */
    deskUpdatedAt: timestamp('desk_updated_at', { withTimezone: true }),
    agentName: text('agent_name'),
    /** Up to when an agent has seen the player's messages (the desk says so). */
    agentSeenAt: timestamp('agent_seen_at', { withTimezone: true }),
    /** Up to when the player has read the desk's messages. */
    playerReadAt: timestamp('player_read_at', { withTimezone: true }),
    /** The last out-of-hours answer. */
    outOfHoursAt: timestamp('out_of_hours_at', { withTimezone: true }),
    rating: smallint('rating'),
    ratingComment: text('rating_comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('support_conversations_public_id').on(t.publicId),
    uniqueIndex('support_conversations_desk').on(t.deskConversationId),
    index('support_conversations_customer').on(t.customerId, t.updatedAt),
    index('support_conversations_visitor').on(t.visitorSessionId, t.updatedAt),
    index('support_conversations_desk_due')
      .on(t.id)
      .where(sql`${t.deskConversationId} IS NULL OR ${t.attributesDue}`),
    check('support_conversations_status', sql`${t.status} IN ('open', 'assigned', 'closed')`),
    check('support_conversations_owner', sql`${t.customerId} IS NOT NULL OR ${t.visitorSessionId} IS NOT NULL`),
    check('support_conversations_rating', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * Its messages: the player's (stored once per client message id, then forwarded to the desk), the
 * desk's agents' (stored once per desk message id, timed by the desk) and the system's (the out-of-hours
 * answer with the FAQ articles that may help).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    /** player | agent | system */
    author: text('author').notNull(),
    clientMessageId: text('client_message_id'),
    deskMessageId: text('desk_message_id'),
    body: text('body').notNull().default(''),
    imageKey: text('image_key'),
    articles: jsonb('articles').$type<{ slug: string; title: string }[]>(),
    agentName: text('agent_name'),
    createdAt: createdAt(),
    /** When the desk took it (the player's messages): the 'delivered' receipt. */
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    forwardFailures: integer('forward_failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('support_messages_client').on(t.conversationId, t.clientMessageId),
    uniqueIndex('support_messages_desk').on(t.conversationId, t.deskMessageId),
    index('support_messages_client_id').on(t.clientMessageId),
    index('support_messages_conversation').on(t.conversationId, t.createdAt),
    index('support_messages_forward_due')
      .on(t.id)
      .where(sql`${t.author} = 'player' AND ${t.forwardedAt} IS NULL`),
    check('support_messages_author', sql`${t.author} IN ('player', 'agent', 'system')`),
  ],
);

/** Pictures sent in the chat, checked by their bytes and fitted to 750 px, at /media/support/<key> (256 random bits). */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    key: text('key').primaryKey(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_conversation').on(t.conversationId)],
);

/**
 * The help-desk simulator (server/providers/support, development and tests only): its conversations,
 * messages and the webhooks it owes us, as a Chatwoot-style desk keeps them.
 */
export const supportDeskConversations = pgTable(
  'support_desk_conversations',
  {
    id: id(),
    /** Our conversation's public id (the desk's source_id). */
    sourceId: text('source_id').notNull(),
    /** open | pending | resolved */
    status: text('status').notNull().default('open'),
    assignee: text('assignee'),
    contact: jsonb('contact').$type<Record<string, string>>().notNull().default({}),
    customAttributes: jsonb('custom_attributes').$type<Record<string, string>>().notNull().default({}),
    contactLastSeenAt: timestamp('contact_last_seen_at', { withTimezone: true }),
    agentLastSeenAt: timestamp('agent_last_seen_at', { withTimezone: true }),
    contactTypingUntil: timestamp('contact_typing_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('support_desk_conversations_source').on(t.sourceId), index('support_desk_conversations_status').on(t.status)],
);

export const supportDeskMessages = pgTable(
  'support_desk_messages',
  {
    id: id(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => supportDeskConversations.id),
    /** incoming (the contact) | outgoing (an agent) | activity */
    messageType: text('message_type').notNull(),
    content: text('content').notNull().default(''),
    senderName: text('sender_name'),
    /** The sender's own id for it (ours for incoming messages): a message posted again is kept once. */
    sourceId: text('source_id'),
    attachmentType: text('attachment_type'),
    attachment: bytea('attachment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_desk_messages_source').on(t.conversationId, t.sourceId),
    index('support_desk_messages_conversation').on(t.conversationId),
  ],
);

export const supportDeskWebhooks = pgTable(
  'support_desk_webhooks',
  {
    id: id(),
    /** X-Chatwoot-Delivery: the same for every retry of one delivery. */
    deliveryId: text('delivery_id').notNull(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    /** When to try (again); null once delivered or given up. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_desk_webhooks_delivery').on(t.deliveryId),
    index('support_desk_webhooks_due')
      .on(t.dueAt)
      .where(sql`${t.dueAt} IS NOT NULL`),
  ],
);
// ── Responsible gaming (issue 34) ───────────────────────────────────────────────────────────────────

/**
 * A player's responsible-gaming state, one row (created at the first setting): limits, reminders, a
 * break, a self-exclusion, a restricted-persons match, categories switched off, and this login's play
 * clock. The gate locks this row (SELECT … FOR UPDATE) in every money movement's transaction, so racing
 * deposits at a limit are decided one after the other. The database refuses a limit outside its bounds.
 */
export const rgPlayers = pgTable(
  'rg_players',
  {
    customerId: ref('customer_id')
      .primaryKey()
      .references(() => customers.id),
    /** Deposit limits, centavos: per Manila day, rolling 7 days, rolling 30 days. */
    depositDay: bigint('deposit_day', { mode: 'number' }),
    depositWeek: bigint('deposit_week', { mode: 'number' }),
    depositMonth: bigint('deposit_month', { mode: 'number' }),
    /** Loss limits (net of stakes and winnings, open stakes counted), centavos, same windows. */
    lossDay: bigint('loss_day', { mode: 'number' }),
    lossWeek: bigint('loss_week', { mode: 'number' }),
    lossMonth: bigint('loss_month', { mode: 'number' }),
    sessionMinutes: integer('session_minutes'),
    realityMinutes: integer('reality_minutes'),
    inactivityMinutes: integer('inactivity_minutes'),
    /** This login's start (the play clock) and when its next reality check is due. */
    playStartedAt: timestamp('play_started_at', { withTimezone: true }),
    realityDueAt: timestamp('reality_due_at', { withTimezone: true }),
    breakUntil: timestamp('break_until', { withTimezone: true }),
    exclusionStartedAt: timestamp('exclusion_started_at', { withTimezone: true }),
    exclusionUntil: timestamp('exclusion_until', { withTimezone: true }),
    /** The first 6 months of a self-exclusion: nobody can end it before. */
    exclusionLockedUntil: timestamp('exclusion_locked_until', { withTimezone: true }),
    /** A match on the restricted-persons list (NDRP): no play or deposits until an operator clears it. */
    restrictedAt: timestamp('restricted_at', { withTimezone: true }),
    /** The player declared a barred category (government official, military or police, licensee employee, student). */
    barredAt: timestamp('barred_at', { withTimezone: true }),
    /** Categories switched off: { sports: ISO end, slots: ISO end, … }. */
    categoriesOff: jsonb('categories_off').$type<Record<string, string>>().notNull().default({}),
    /** Marketing may not reach the player before this (a break, an exclusion; far future when restricted). */
    marketingOffUntil: timestamp('marketing_off_until', { withTimezone: true }),
    /** When the player answered the deposit-limit offer at registration and at the first deposit. */
    offerRegistrationAt: timestamp('offer_registration_at', { withTimezone: true }),
    offerFirstDepositAt: timestamp('offer_first_deposit_at', { withTimezone: true }),
    /** The end of the self-exclusion last filed with the restricted-persons database (null: none filed). */
    exclusionFiledUntil: timestamp('exclusion_filed_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...[t.depositDay, t.depositWeek, t.depositMonth, t.lossDay, t.lossWeek, t.lossMonth].map((column) =>
      check(`rg_players_${column.name}`, sql`${column} IS NULL OR ${column} BETWEEN 10000 AND 1000000000`),
    ),
    check('rg_players_session_minutes', sql`${t.sessionMinutes} IS NULL OR ${t.sessionMinutes} BETWEEN 15 AND 1440`),
    check('rg_players_reality_minutes', sql`${t.realityMinutes} IS NULL OR ${t.realityMinutes} IN (15, 30, 60)`),
    check('rg_players_inactivity_minutes', sql`${t.inactivityMinutes} IS NULL OR ${t.inactivityMinutes} IN (5, 15, 30, 60)`),
  ],
);

/** A raise or removal of a limit (or the end of a self-exclusion) waiting 24 hours and the player's confirmation. */
export const rgChanges = pgTable(
  'rg_changes',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** An RgLimit, or 'exclusion'. */
    limit: text('limit').notNull(),
    /** The new value (null: removed). */
    value: bigint('value', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmableAt: timestamp('confirmable_at', { withTimezone: true }).notNull(),
    /** pending | applied | cancelled */
    status: text('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rg_changes_one_pending')
      .on(t.customerId, t.limit)
      .where(sql`${t.status} = 'pending'`),
    check('rg_changes_status', sql`${t.status} IN ('pending', 'applied', 'cancelled')`),
  ],
);

/** Every limit, reminder, break, exclusion, switch and restriction change, with its time: the player's history. */
export const rgHistory = pgTable(
  'rg_history',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    limit: text('limit'),
    value: bigint('value', { mode: 'number' }),
    until: timestamp('until', { withTimezone: true }),
    category: text('category'),
    period: text('period'),
    /** player | system | registry | operator */
    source: text('source').notNull().default('player'),
  },
  (t) => [index('rg_history_player').on(t.customerId, t.at)],
);

/** Declarations about the barred categories (none of them, or which), at registration and at identity verification. */
export const rgDeclarations = pgTable(
  'rg_declarations',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** registration | kyc */
    context: text('context').notNull(),
    /** The barred categories declared (empty: none applies). */
    barred: jsonb('barred').$type<string[]>().notNull().default([]),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rg_declarations_player').on(t.customerId), check('rg_declarations_context', sql`${t.context} IN ('registration', 'kyc')`)],
);

/**
 * A restricted-persons match of a player (at identity verification or by the nightly screening) and the
 * winnings held for review: the player's own money (deposits less withdrawals) stays withdrawable; what
 * the balance held above it moved to house:rg-review until an operator releases or forfeits it.
 */
export const rgRestrictions = pgTable(
  'rg_restrictions',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    /** kyc | nightly | registration */
    source: text('source').notNull(),
    listingNo: text('listing_no').notNull(),
    listingKind: text('listing_kind').notNull(),
    /** What matched: ['name', 'birthday'], ['idNumber'], ['mobile', 'birthday']. */
    matchedOn: jsonb('matched_on').$type<string[]>().notNull(),
    heldAmount: bigint('held_amount', { mode: 'number' }).notNull().default(0),
    /** review | released | forfeited */
    status: text('status').notNull().default('review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [
    uniqueIndex('rg_restrictions_listing').on(t.customerId, t.listingNo),
    check('rg_restrictions_status', sql`${t.status} IN ('review', 'released', 'forfeited')`),
    check('rg_restrictions_held', sql`${t.heldAmount} >= 0`),
  ],
);

/**
 * The operator's kill switches, shared by every instance: a payment channel ('channel:gcash') or a
 * partner host ('host:<id>') in withdraw-only mode. Instances read them at most 30 s old.
 */
export const operatorSwitches = pgTable('operator_switches', {
  key: text('key').primaryKey(),
  withdrawOnly: boolean('withdraw_only').notNull(),
  note: text('note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default(''),
});

/** The nightly restricted-persons screening: one row per Manila day, taken by whichever instance runs it first. */
export const rgScreenings = pgTable('rg_screenings', {
  day: text('day').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  screened: integer('screened').notNull().default(0),
  matched: integer('matched').notNull().default(0),
});

/**
 * The restricted-persons database simulator (server/providers/restrictedPersons, NDRP-like; development
 * and tests only): listed persons, and the family-exclusion requests waiting for the regulator's decision.
 */
export const ndrpSimListings = pgTable(
  'ndrp_sim_listings',
  {
    id: id(),
    listingNo: text('listing_no').notNull(),
    /** self (self-exclusion), family (asked by a spouse, parent or adult child), barred (a prohibited person) */
    kind: text('kind').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Upper-case letters of the whole name, for matching ('JUANDELACRUZ'). */
    nameKey: text('name_key').notNull(),
    birthday: text('birthday').notNull(),
    mobile: text('mobile'),
    /** Letters and digits of the ID number, upper case. */
    idKey: text('id_key'),
    relation: text('relation'),
    reason: text('reason').notNull().default(''),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    /** Who filed it: the regulator's desk, or an operator (a self-exclusion made on its site). */
    filedBy: text('filed_by').notNull().default('pagcor'),
  },
  (t) => [
    uniqueIndex('ndrp_sim_listings_no').on(t.listingNo),
    index('ndrp_sim_listings_name').on(t.nameKey, t.birthday),
    index('ndrp_sim_listings_mobile').on(t.mobile),
    index('ndrp_sim_listings_id').on(t.idKey),
  ],
);

export const ndrpSimRequests = pgTable(
  'ndrp_sim_requests',
  {
    id: id(),
    requestNo: text('request_no').notNull(),
    relation: text('relation').notNull(),
    requesterName: text('requester_name').notNull(),
    requesterContact: text('requester_contact').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthday: text('birthday').notNull(),
    mobile: text('mobile'),
    idNumber: text('id_number'),
    reason: text('reason').notNull(),
    /** pending | listed | declined */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ndrp_sim_requests_no').on(t.requestNo)],
);

// ── Promotions (issue 35, migration 0019) ─────────────────────────────────────────────────────────

/**
 * The operator's offer catalogue, edited without a deploy (the development page /dev/offers): each
 * offer's terms as validated JSON (src/contract/promotions.ts offerTermsSchema), checked again on write.
 */
export const promoOffers = pgTable(
  'promo_offers',
  {
    id: text('id').primaryKey(),
    terms: jsonb('terms').notNull(),
    /** Shown to players (false: kept, not offered). */
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many players received it (a coupon's limit is checked against it under the row's lock). */
    claimed: integer('claimed').notNull().default(0),
  },
  (t) => [check('promo_offers_claimed', sql`${t.claimed} >= 0`)],
);

/**
 * A bonus a player holds: its own ledger account (kind `bonus:<id>`) and the offer's terms copied in when
 * granted, so a later edit of the offer changes nothing a player holds.
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    offerId: text('offer_id').notNull(),
    /** The offer's kind (firstDeposit | reload): one first-deposit offer per player. */
    kind: text('kind').notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** sports | casino: only stakes of this vertical count, and its max bet applies to them. */
    vertical: text('vertical').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The multiple of the bonus (≤ 10) and what it comes to in centavos. */
    multiple: integer('multiple').notNull(),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull(),
    /** Weighted settled stakes counted so far (centavos, truncated). */
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    /** Contribution percentages: { game: {...}, category: {...}, product: {...}, default }. */
    contribution: jsonb('contribution').notNull(),
    maxBet: bigint('max_bet', { mode: 'number' }).notNull(),
    maxWin: bigint('max_win', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** active | converted | forfeited */
    status: text('status').notNull().default('active'),
    /** Why it ended: wagered | left | expired | withdrawal | excluded | closed */
    endReason: text('end_reason'),
    /** What was paid to cash at conversion, and what was forfeited at the end. */
    converted: bigint('converted', { mode: 'number' }).notNull().default(0),
    forfeited: bigint('forfeited', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('bonus_grants_customer').on(t.customerId, t.status),
    index('bonus_grants_expiry').on(t.status, t.expiresAt),
    /** An offer is granted once per player. */
    uniqueIndex('bonus_grants_offer').on(t.customerId, t.offerId),
    check('bonus_grants_multiple', sql`${t.multiple} BETWEEN 0 AND 10`),
    check('bonus_grants_amounts', sql`${t.amount} > 0 AND ${t.maxBet} > 0 AND ${t.maxWin} > 0 AND ${t.wagered} >= 0`),
  ],
);

/** The part of a stake a grant paid (cash first, then grants earliest expiry first); its win goes back in proportion. */
export const bonusStakes = pgTable(
  'bonus_stakes',
  {
    /** The bet's reference: `bet:<trans_id>` (a casino round: `round:<id>`). */
    reference: text('reference').notNull(),
    grantId: ref('grant_id')
      .notNull()
      .references(() => bonusGrants.id),
    customerId: ref('customer_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reference, t.grantId] }),
    check('bonus_stakes_amount', sql`${t.amount} > 0 AND ${t.amount} <= ${t.stake}`),
  ],
);

/** One settled stake's weighted contribution to a grant's wagering, once per reference. */
export const bonusContributions = pgTable(
  'bonus_contributions',
  {
    grantId: ref('grant_id')
      .notNull()
      .references(() => bonusGrants.id),
    reference: text('reference').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    percent: integer('percent').notNull(),
    weighted: bigint('weighted', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.grantId, t.reference] })],
);

/**
 * A free bet token (issue 35): a stake the house pays (from house:bonus) on one sports single at odds of
 * at least `minOddsHundredths`; a win pays the winnings, the stake is not returned. Once per player and
 * source (an offer, a coupon, a campaign's prize). `reference` is the bet it was placed on.
 */
export const freeBets = pgTable(
  'free_bets',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    source: text('source').notNull(),
    title: text('title').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    minOddsHundredths: integer('min_odds_hundredths').notNull(),
    /** active | used (placed, not settled) | settled */
    status: text('status').notNull().default('active'),
    reference: text('reference'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** What the bet paid the player (its winnings, the stake not returned). */
    won: bigint('won', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('free_bets_once').on(t.customerId, t.source),
    uniqueIndex('free_bets_reference').on(t.reference),
    index('free_bets_player').on(t.customerId, t.status),
    check('free_bets_amount', sql`${t.amount} > 0 AND ${t.minOddsHundredths} > 100 AND ${t.won} >= 0`),
    check('free_bets_status', sql`${t.status} IN ('active', 'used', 'settled')`),
  ],
);

/** A player's daily check-in (issue 35, /checkIn): one row per Manila day, the streak it made. */
export const checkIns = pgTable(
  'check_ins',
  {
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    day: text('day').notNull(),
    /** The run of consecutive days this check-in made (1 to the streak's length, then 1 again). */
    streak: integer('streak').notNull(),
    /** The free bet a completed streak earned (none on other days). */
    freeBetId: ref('free_bet_id').references(() => freeBets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] }), check('check_ins_streak', sql`${t.streak} >= 1`)],
);

/** A Manila day whose rebates were computed: the once-guard of the leader's job (issue 35). */
export const rebateDays = pgTable('rebate_days', {
  day: text('day').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** A daily rebate: a percentage of a Manila day's settled valid turnover of one vertical, claimable once until it expires. */
export const rebates = pgTable(
  'rebates',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => customers.id),
    day: text('day').notNull(),
    /** sports | casino */
    vertical: text('vertical').notNull(),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    /** Hundredths of a percent (50 = 0.5 %). */
    basisPoints: integer('basis_points').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** available | claimed */
    status: text('status').notNull().default('available'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rebates_once').on(t.customerId, t.day, t.vertical),
    index('rebates_player').on(t.customerId, t.status),
    check('rebates_amount', sql`${t.amount} > 0 AND ${t.turnover} > 0`),
  ],
);
// Statistics, attribution and experiments (server/modules/stats, issue 39). The events themselves are
// in `stat_events`, partitioned by class and by day, which drizzle cannot declare: its DDL is in the
// custom part of migration 0021_stats and the stats repository reads and writes it in SQL.

/** Which group of an experiment a device is in (compare/group/assign): the first answer is kept. */
export const statAssignments = pgTable(
  'stat_assignments',
  {
    experiment: text('experiment').notNull(),
    /** HMAC of the device id (screen size and client address): never the address itself. */
    deviceKey: text('device_key').notNull(),
    groupName: text('group_name').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.experiment, t.deviceKey] }), index('stat_assignments_group').on(t.experiment, t.groupName)],
);

/** Where a registration came from: first and last touch, written in the registration's transaction. */
export const statAttributions = pgTable(
  'stat_attributions',
  {
    customerId: ref('customer_id')
      .primaryKey()
      .references(() => customers.id),
    /** The session's acquisition parameters as the registration call carried them (spec §3). */
    sessionParams: jsonb('session_params').$type<Record<string, string>>().notNull().default({}),
    firstTouch: jsonb('first_touch').$type<Record<string, unknown> | null>(),
    lastTouch: jsonb('last_touch').$type<Record<string, unknown> | null>(),
    /** The partner host the registration came through ('' on the plain site). */
    partner: text('partner').notNull().default(''),
    /** HMAC of the registering device's id, as events carry it (experiment conversions). */
    visitor: text('visitor'),
    /** HMAC of the device fingerprint token the registration carried (several accounts from one device). */
    fingerprint: text('fingerprint'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stat_attributions_registered').on(t.registeredAt), index('stat_attributions_fingerprint').on(t.fingerprint)],
);

/** Events on their way to the tracking service (spec §7 "analytics events go to a tracking service"). */
export const statTrackingOutbox = pgTable(
  'stat_tracking_outbox',
  {
    eventId: text('event_id').primaryKey(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('stat_tracking_outbox_unsent')
      .on(t.createdAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

/** The tracking service simulator's received events and issued attribution ids (development and tests). */
export const trackingSimEvents = pgTable('tracking_sim_events', {
  eventId: text('event_id').primaryKey(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: createdAt(),
});

export const trackingSimIds = pgTable('tracking_sim_ids', {
  deviceKey: text('device_key').primaryKey(),
  appsFlyerId: text('apps_flyer_id').notNull(),
  issuedAt: createdAt(),
});

export * from './campaignsSchema';
export * from './invitesSchema';
export * from './masskaraSchema';
export * from './bookingSchema';
export * from './pushSchema';
