/**
 * Business constants and limits of spec §9, with the spec's names, in one place so a reader can check
 * them line by line. Durations are milliseconds; money is integer centavos unless the name says pesos.
 */

/** Default request timeout (spec §9: 50 s, from config). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 50_000;
/** Combo (parlay) request timeout. */
export const COMBO_REQUEST_TIMEOUT_MS = 60_000;
/** At most this many selection-detail calls in flight. */
export const SELECTION_DETAIL_THROTTLE = 10;
/** Site maintenance poll. */
export const SITE_MAINTENANCE_POLL_MS = 5 * 60_000;
/** Hong Kong market check throttle. */
export const HONG_KONG_MARKET_CHECK_THROTTLE_MS = 3_000;
/** Coupon receive / voucher withdraw result delay. */
export const COUPON_RESULT_DELAY_MS = 2_000;
/** Coupon list default paging. */
export const COUPON_LIST_DEFAULT = { pageNo: 1, pageSize: 1000 } as const;
/** Device fingerprint: 2 s timeout, 2 retries 1 s apart. */
export const DEVICE_FINGERPRINT = { timeoutMs: 2_000, retries: 2, retryDelayMs: 1_000 } as const;
/** Attribution id fetch: at most 10 attempts, backoff 600 ms x 2^n capped at 480000 ms. */
export const ATTRIBUTION_FETCH = { maxAttempts: 10, baseDelayMs: 600, maxDelayMs: 480_000 } as const;
/** Push message history kept. */
export const PUSH_MESSAGE_HISTORY = 100;
/** Jackpot update debounce. */
export const JACKPOT_DEBOUNCE_MS = 100;
/** Push subscription set-up delay after the user's product is known. */
export const PUSH_SUBSCRIPTION_DELAY_MS = 7_000;
/** Checkout star animation size, as a share of the window width. */
export const CHECKOUT_STAR_WIDTH_RATIO = 0.06;
/** Floating icons load after this delay. */
export const FLOATING_ICON_DELAY_MS = 3_000;
/** Statistics types. */
export const STATISTICS_TYPES = [59, 60, 61] as const;
export type StatisticsType = (typeof STATISTICS_TYPES)[number];
/**
 * What each statistics type records (the spec gives the numbers, not their meaning; ours): 59 the
 * floating bet-slip button tapped (spec §2), 60 a feature seen (batch exposure), 61 a feature tapped
 * (clicks), each with its calendar or feature id (src/contract/events.ts FEATURE_ID).
 */
export const STAT_TYPE = { floatingBetSlip: 59, exposure: 60, click: 61 } as const satisfies Record<string, StatisticsType>;
/** Statistic recorded when the floating bet-slip button is tapped. */
export const STAT_FLOATING_BET_SLIP: StatisticsType = STAT_TYPE.floatingBetSlip;

/** Product id / app id / version. */
export const PRODUCT_ID = 'C66';
export const APP_ID = 'C66H501';
export const APP_VERSION = '1.0.0';
export const TENANT = 'AP';
export const DISCOUNT_DISPLAY = true;

/** Min / max withdraw defaults, in pesos as the spec gives them. */
export const MIN_WITHDRAW_AMOUNT = 200;
export const MAX_WITHDRAW_AMOUNT = 3_000_000;
/** Deposit presets in pesos (at most 6 shown). */
export const DEPOSIT_PRESETS = [100, 200, 500, 1000, 2000, 10000] as const;
export const DEPOSIT_PRESETS_MAX_SHOWN = 6;
/** Withdraw presets in pesos. */
export const WITHDRAW_PRESETS = [200, 500, 700, 1000, 2000, 10000] as const;

/** Balance poll: 8 attempts, 2 s apart. */
export const BALANCE_POLL = { attempts: 8, intervalMs: 2_000 } as const;
/** Site info cache. */
export const SITE_INFO_CACHE_MS = 2 * 60_000;
/** Minimum age. */
export const MINIMUM_AGE = 21;
/** Transaction id max length. */
export const TRANSACTION_ID_MAX_LENGTH = 64;
/** Deposit records: 30-day window, page size 20. */
export const DEPOSIT_RECORDS = { windowDays: 30, pageSize: 20 } as const;
/** Address page size. */
export const ADDRESS_PAGE_SIZE = 10;
/** Game list chunks. */
export const GAME_LIST_CHUNK = 100;
/** Default KYC days. */
export const DEFAULT_KYC_DAYS = 7;
/** Default language. */
export const DEFAULT_LANGUAGE = 'en';
/** Stake cap, in pesos. */
export const STAKE_CAP = 999_999;
/** Parlay max matches / ending-game max options. */
export const PARLAY_MAX_MATCHES = 20;
export const ENDING_GAME_MAX_OPTIONS = 10;
/** Bet order refresh: every 3 s, single 1 s. */
export const BET_ORDER_REFRESH_MS = 3_000;
export const BET_ORDER_REFRESH_SINGLE_MS = 1_000;
/** Ticket recheck: every 2 s, 5 attempts. */
export const TICKET_RECHECK = { intervalMs: 2_000, attempts: 5 } as const;
/** Socket reconnect / heartbeat / connect timeout. */
export const SOCKET_RECONNECT_MS = 5_000;
export const SOCKET_HEARTBEAT_MS = 10_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 30_000;
/** Security prompt at most once per 24 h. */
export const SECURITY_PROMPT_INTERVAL_MS = 24 * 60 * 60_000;
/** Image max side / quality. */
export const IMAGE_MAX_SIDE = 750;
export const IMAGE_QUALITY = 0.9;
/** Chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Random numeric code default length. */
export const RANDOM_CODE_DIGITS = 6;

/** The time zone every date is shown in. */
export const TIME_ZONE = 'Asia/Manila';
/**
 * Its offset from UTC: the Philippines keeps UTC+8 all year (no daylight saving), so a fixed offset is
 * exact for Manila calendar days, and far cheaper than Intl where each match of a list needs one.
 */
export const MANILA_OFFSET_MS = 8 * 3_600_000;
/** Currency. Amounts are integer centavos inside; converted only at the edges. */
export const CURRENCY = 'PHP';
export const CURRENCY_SYMBOL = '₱';
