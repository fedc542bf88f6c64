/**
 * Server answer codes. The first block is spec §8's catalogue; the second is this product's own
 * gateway codes, which the reference backend answers and the client's catalogue maps to behaviour.
 */

export const SpecCode = {
  UnderAge: 'GW_510517',
  MassiveFanatics: 'GW_510520',
  DepositInsufficientBalance: 'GW_910099',
  PaymentProviderIssue: 'GW_801104',
  ToastWithCode: 'GW_801623',
  SpecialToast: 'GW_910230',
  PerPathA: 'GW_801667',
  PerPathB: 'GW_801668',
  PendingOrderA: 'GW_900989',
  PendingOrderB: 'GW_900990',
  WithdrawKycNeeded: 'GW_801129',
  VerificationNeeded: 'GW_800603',
  SuccessA: 'GW_910302',
  SuccessB: 'GW_912325',
  SuccessC: 'GW_999999',
  Blacklisted: 'GW_910199',
  RejectedSilently: 'GW_999998',
  DebugDump: 'GW_899995',
} as const;

/** Bare codes of the code/msg envelope that are never shown. */
export const SILENT_BARE_CODES = ['1099', '821006', '1027'] as const;

/** Specially treated gateway codes whose handling belongs to the calling feature (spec §8). */
export const GATEWAY_GROUP_ONE = [
  'GW_890203',
  'GW_890205',
  'GW_890206',
  'GW_890207',
  'GW_890209',
  'GW_890401',
  'GW_801716',
  'GW_910024',
  'GW_806006',
  'GW_890212',
  'GW_910220',
  'GW_801655',
] as const;
export const GATEWAY_GROUP_TWO = ['GW_890201', 'GW_890210'] as const;

/** This product's own gateway codes. */
export const GatewayCode = {
  /** The body failed validation; the message names the field. */
  InvalidRequest: 'GW_800400',
  /** The Sign header is missing or does not match the body. */
  BadSign: 'GW_800401',
  /** The call needs a logged-in player. */
  LoginRequired: 'GW_800402',
  /** The token is unknown or malformed. */
  TokenInvalid: 'GW_800403',
  /** No such call. */
  UnknownCall: 'GW_800404',
  /** The session expired (inactivity or absolute lifetime). */
  SessionExpired: 'GW_800405',
  /** The account logged in elsewhere, which ended this session. */
  SessionReplaced: 'GW_800406',
  /** The mobile number of the account changed since this session began. */
  MobileNumberChanged: 'GW_800407',
  /** Too many requests (answered with HTTP 429). */
  TooManyRequests: 'GW_800429',
  /** Something failed inside the server; details are in its log under the request id. */
  Internal: 'GW_800500',
  /** The site is under maintenance. */
  Maintenance: 'GW_800503',
  /** A new code was asked for too soon after the last one. */
  CodeCooldown: 'GW_800410',
  /** The verification code is wrong. */
  CodeWrong: 'GW_800411',
  /** The verification code expired, was used, or was tried too often. */
  CodeExpired: 'GW_800412',
  /** Too many codes for one number within an hour. */
  TooManyCodes: 'GW_800413',
  /** The mobile number or password is wrong. */
  WrongCredentials: 'GW_800420',
  /** The mobile number already has an account. */
  PhoneTaken: 'GW_800421',
  /** A new player must give a date of birth (the 21+ rule). */
  BirthdayRequired: 'GW_800424',
  /** Password login of this number is paused after too many wrong passwords (HTTP 423); data says until when. */
  LoginLocked: 'GW_800426',
  /** The account is closed. */
  AccountClosed: 'GW_800425',
  /** The security check (captcha) failed or expired. */
  CaptchaFailed: 'GW_800430',
  /** The ticket is unknown, used or expired. */
  TicketInvalid: 'GW_800431',
  /** Not enough balance for the movement. */
  InsufficientBalance: 'GW_800440',
  /** The idempotency key was used before for a different request. */
  IdempotencyConflict: 'GW_800441',
  /** The amount is not allowed (not whole centavos, not positive, over a limit). */
  InvalidAmount: 'GW_800442',
  /** The account still holds money, so it cannot be closed. */
  BalanceNotEmpty: 'GW_800443',
  /** The withdrawal password is wrong (counted like a login password). */
  WithdrawPasswordWrong: 'GW_800450',
  /** A withdrawal needs a withdrawal password first (/setWithdrawPwd). */
  WithdrawPasswordMissing: 'GW_800451',
  /** Deposits still owe turnover before this amount can be withdrawn. */
  TurnoverNotMet: 'GW_800452',
  /** The amount is above one payout's limit on this way: offered as a split withdrawal. */
  SplitNeeded: 'GW_800453',
  /** No such order, bill or payment account of this player. */
  OrderNotFound: 'GW_800454',
  /** The payment account cannot be added (too many of its type, already bound, invalid number). */
  PaymentAccountRefused: 'GW_800455',
  /** This way of paying in or out is closed by the operator right now. */
  ChannelClosed: 'GW_800456',
  /** The voucher or gift card code is unknown, used or expired. */
  VoucherInvalid: 'GW_800457',
  /** The uploaded receipt is not an image we can read. */
  ReceiptInvalid: 'GW_800458',
  // Identity verification (issue 12): GW_80046x. The security centre takes GW_80047x.
  /** The KYC days of registration passed unverified: no new bets or deposits until verified (the message says how). */
  KycRequired: 'GW_800460',
  /** Today's verification attempts are used up (cankycTime 0). */
  KycDailyLimit: 'GW_800461',
  /** Re-verification is closed after a final refusal: customer service only. */
  KycRefused: 'GW_800462',
  /** This ID is already verified on another account (the duplicate-ID dialog, /MultiAccount). */
  KycIdRepeated: 'GW_800463',
  /** This ID reached the maximum number of verifications. */
  KycIdMaxVerifications: 'GW_800464',
  /** The photo is not an image we can read, or no face / no document was found in it. */
  KycImageInvalid: 'GW_800465',
  /** No such verification of this player, or it is already over. */
  KycTransactionUnknown: 'GW_800466',
  /** The identity is already verified: nothing to submit. */
  KycAlreadyApproved: 'GW_800467',
  /** The verification vendor cannot be reached right now (try again later). */
  KycVendorDown: 'GW_800468',
  // The security centre (issue 12): GW_80047x.
  /** This email belongs to another account. */
  EmailTaken: 'GW_800470',
  /** The account already has a login password: change it with the old one (/modifyLoginPwd). */
  LoginPasswordExists: 'GW_800471',
  /** The account has no phone for this (a code to the own phone, a phone change): bind one first (/setPhone). */
  PhoneMissing: 'GW_800472',
  /** The account already has a phone: a new number goes through a change, with the old number's code (/changePhone). */
  PhoneAlreadyBound: 'GW_800473',
  /** The new number or email is the one the account already has. */
  NothingToChange: 'GW_800474',
  /** The account has no email to verify (/changeEmail adds one). */
  EmailMissing: 'GW_800475',
  /** The mail provider refused the address or cannot send right now. */
  MailNotSent: 'GW_800476',
  // The casino (issue 13): GW_80048x.
  /** No such game, or not offered to this player. */
  GameNotFound: 'GW_800480',
  /** The game's platform is under maintenance (site setting). */
  GameMaintenance: 'GW_800481',
  /** The game provider cannot be reached right now (try again later). */
  GameProviderDown: 'GW_800482',
  /** This game has no demo play. */
  TrialUnavailable: 'GW_800483',
  /** The transfer platform refused or could not take the transfer; nothing moved. */
  TransferFailed: 'GW_800484',
  /** No such round of this player. */
  RoundNotFound: 'GW_800485',
  // Match video and content (issue 37): GW_8007xx.
  /** No provider has a stream (or clip) for this, or none is offered to this player: spec §8 'video not found'. */
  VideoNotFound: 'GW_800701',
  /** The video provider did not answer or failed: worth asking again (the page retries its lookup). */
  VideoProviderDown: 'GW_800702',
  /** No such published article, community or tutorial. */
  ContentNotFound: 'GW_800703',
  // Statistics and attribution (issue 39): GW_80039x.
  /** The tracking service cannot give an attribution id right now (the page tries again, spec §9 backoff). */
  TrackingUnavailable: 'GW_800390',
  // The customer-support chat (issue 37): GW_80049x.
  /** No such conversation (or message) of the caller's. */
  SupportNotFound: 'GW_800490',
  /** The chat picture is not a picture we read. */
  SupportPictureInvalid: 'GW_800491',
  /** Rating a conversation that has not ended, or was rated already. */
  SupportNotClosed: 'GW_800492',
  // Promotions (issue 35): GW_80080x.
  /** An offer cannot be taken or a bonus left: the message says why (expired, already taken, not eligible, and the reason). */
  PromotionRefused: 'GW_800800',
  /** A withdrawal while a bonus is active: the answer names the amount that would be forfeited (`forfeit`); asked again with it confirmed. */
  BonusForfeitConfirm: 'GW_800801',
  /** A casino round above the max bet of the player's active bonus. */
  BonusMaxBet: 'GW_800802',
  // Responsible gaming (issue 34): GW_8009xx, one code per reason; the message names the limit, what is
  // left, when it resets, and the helpline. Withdrawals never meet any of them.
  /** A deposit would pass a deposit limit the player set (day, 7 days, 30 days; the lowest wins). */
  RgDepositLimit: 'GW_800901',
  /** A stake would pass a loss limit the player set (net of settled stakes and winnings, open stakes counted). */
  RgLossLimit: 'GW_800902',
  /** The session-time limit of this login is reached. */
  RgSessionLimit: 'GW_800903',
  /** A reality check is due: the next bet or round waits until the player acknowledges it. */
  RgRealityCheck: 'GW_800904',
  /** The player is on a break (cool-off): no deposits or play until it ends. */
  RgOnBreak: 'GW_800905',
  /** The player excluded themselves: no deposits or play until it ends. */
  RgSelfExcluded: 'GW_800906',
  /** The player is on the restricted-persons list (NDRP): no deposits or play; own money can be withdrawn. */
  RgRestricted: 'GW_800907',
  /** The player switched this category (sports, slots…) off for a while. */
  RgCategoryOff: 'GW_800908',
  /** The operator put this payment channel or partner host in withdraw-only mode. */
  RgWithdrawOnlyChannel: 'GW_800909',
  /** The operator requires verified identity before any deposit. */
  RgKycBeforeDeposit: 'GW_800910',
  /** This login may only withdraw (break, exclusion, restriction): every other call is refused. */
  RgWithdrawOnlySession: 'GW_800911',
  /** A raise or removal of a limit asked before its 24 hours passed (the message says when). */
  RgChangeNotYet: 'GW_800912',
  /** A self-exclusion's first 6 months cannot be ended, by the player or by support. */
  RgExclusionLocked: 'GW_800913',
  /** The player declared a barred category (government official, military or police, licensee employee, student). */
  RgBarred: 'GW_800914',
  /** A logged-in session ended by a responsible-gaming rule (break, exclusion, restriction, session limit, inactivity). */
  RgSessionEnded: 'GW_800915',
  /** No change of that kind is waiting (nothing to confirm or cancel). */
  RgNothingPending: 'GW_800916',
} as const;

/** The responsible-gaming refusals: the app shows the server's words with the helpline and the RG page. */
export const RG_REFUSAL_CODES: readonly string[] = [
  GatewayCode.RgDepositLimit,
  GatewayCode.RgLossLimit,
  GatewayCode.RgSessionLimit,
  GatewayCode.RgRealityCheck,
  GatewayCode.RgOnBreak,
  GatewayCode.RgSelfExcluded,
  GatewayCode.RgRestricted,
  GatewayCode.RgCategoryOff,
  GatewayCode.RgWithdrawOnlyChannel,
  GatewayCode.RgWithdrawOnlySession,
  GatewayCode.RgChangeNotYet,
  GatewayCode.RgExclusionLocked,
  GatewayCode.RgBarred,
  GatewayCode.RgNothingPending,
];

/** Codes that reset the token and show the session-expired dialog. */
export const TOKEN_RESET_CODES: readonly string[] = [
  GatewayCode.TokenInvalid,
  GatewayCode.SessionExpired,
  GatewayCode.SessionReplaced,
  GatewayCode.RgSessionEnded,
];
