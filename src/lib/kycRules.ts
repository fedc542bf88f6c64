import { KycStatus, isKycNotSet } from '../contract/kyc';

/**
 * The KYC rules of spec §4 the app applies on its side, as pure functions: which partner the status
 * query names, where a status leads, what /KycResult says, and when the weak and strong prompts show.
 * The server enforces the deadline; these only decide what the player is shown.
 */

export type MiniType = 'gcash' | 'lazada' | 'maya';

/** The partner the status query names (spec §7 miniType): GLife runs GCash's mini-app, then Lazada, then a Maya host. */
export function miniTypeFor(origin: { glife: boolean; lazada: boolean }, partner: string | undefined): MiniType | undefined {
  if (origin.glife || partner === 'glife') return 'gcash';
  if (origin.lazada || partner === 'lazada') return 'lazada';
  if (partner === 'maya') return 'maya';
  return undefined;
}

/** What the app knows of the player's verification (src/stores/kyc.ts). */
export interface KycView {
  ekycStatus: number;
  oldKycStatus: number;
  rejectReason: string;
  rejectCode: string | null;
  cankycTime: number;
  refuseInitFlag: boolean;
}

/** What /KycResult shows (spec §4, §8 KYC messages). */
export type KycOutcome =
  'notSet' | 'updateIdentity' | 'dailyLimit' | 'pending' | 'approved' | 'rejected' | 'repeated' | 'maxVerifications' | 'contactService';

/** A reject reason containing 'repeated' opens the duplicate-ID dialog (spec §5). */
export function isRepeatedReason(reason: string | null | undefined): boolean {
  return (reason ?? '').toLowerCase().includes('repeated');
}

export function kycOutcome(view: KycView): KycOutcome {
  const { ekycStatus: status } = view;
  if (status === KycStatus.Approved) return 'approved';
  if (status === KycStatus.Pending) return 'pending';
  if (status === KycStatus.ManuallyRejected && view.refuseInitFlag) return 'contactService';
  if (status === KycStatus.SystemRejected || status === KycStatus.ManuallyRejected) {
    if (isRepeatedReason(view.rejectReason) || isRepeatedReason(view.rejectCode)) return 'repeated';
    if (view.rejectCode === 'id_max_verifications') return 'maxVerifications';
    // A refused player may submit again, unless today's attempts are used up.
    return view.cankycTime === 0 ? 'dailyLimit' : 'rejected';
  }
  // -1 and 4: nothing submitted (any more).
  if (view.cankycTime === 0) return 'dailyLimit';
  if (view.oldKycStatus === KycStatus.Approved && isKycNotSet(status)) return 'updateIdentity';
  return 'notSet';
}

/**
 * Where "Verify" leads for this status (/KYCAutomation, the account and security links): the ID type
 * choice when there is something to submit; the standalone photo steps to update an identity that was
 * approved before; /KycResult for everything that must be read first.
 */
export function kycEntryPage(view: KycView): '/EKYCAutomation' | '/TakePhotoKYC' | '/KycResult' {
  const outcome = kycOutcome(view);
  if (outcome === 'notSet') return '/EKYCAutomation';
  if (outcome === 'updateIdentity') return '/TakePhotoKYC';
  return '/KycResult';
}

/** The player may start a verification now (a new vendor transaction). */
export function canStartVerification(view: KycView): boolean {
  const outcome = kycOutcome(view);
  return outcome === 'notSet' || outcome === 'updateIdentity' || outcome === 'rejected' || outcome === 'repeated';
}

// ---------------------------------------------------------------------------------------------------------
// The weak and strong prompts (spec §4).

/** Route names of the home page, where the strong prompt shows (the games tab is a gaming page). */
export const HOME_PAGES: readonly string[] = ['Home_foryou', 'Home_sports'];

/** Deposit and gaming pages never show a KYC prompt (spec §4: "operations other than deposit and gaming"). */
export const NO_PROMPT_PAGES: readonly string[] = [
  // deposit
  'WalletDeposit',
  'WalletDepositApp',
  'gpoorder',
  'bankorder',
  'giftCard',
  'fundAccount',
  'MayaStart',
  'miniAccount',
  // gaming
  'Home_games',
  'game',
  'newGame',
  'newGameV2',
  'ingame',
  'ingameV2',
  'glifeingame',
  'InGameTransfer',
  'trial',
  'testgame',
  'gamesss',
  // the verification itself, and the pages a player must be able to reach to finish it
  'aboutKYC',
  'KYCAutomation',
  'EKYCAutomation',
  'ekyc-zolos',
  'kyc-information',
  'KycResult',
  'MultiAccount',
  'TakePhotoKYC',
  'InformationConfirm',
  'face-capture',
  'live-support',
  'privacy-policy',
  'Maintenance',
  'login',
];

export interface PromptFlags {
  weakCheck: boolean;
  strongCheck: boolean;
}

export interface PromptInput {
  flags: PromptFlags;
  ekycStatus: number;
  /** The route name of the page the player is on. */
  page: string;
  /** Today as a Manila calendar day (lib/dates manilaDay). */
  today: string;
  /** The Manila day the weak prompt was last shown, '' if never. */
  weakShownOn: string;
}

export type KycPrompt = { kind: 'weak' } | { kind: 'strong'; blocking: boolean };

/**
 * Which prompt (if any) to show now. Weak: weakCheck only, off Home, at most once a Manila day. Strong:
 * strongCheck only, on Home; it blocks (cannot be dismissed) unless the player is approved, and an
 * approved player has nothing to be prompted about, so it never shows to one.
 */
export function kycPromptFor(input: PromptInput): KycPrompt | undefined {
  const { flags, page } = input;
  if (input.ekycStatus === KycStatus.Approved) return undefined;
  if (NO_PROMPT_PAGES.includes(page)) return undefined;
  const isHome = HOME_PAGES.includes(page);
  if (flags.strongCheck && !flags.weakCheck) return isHome ? { kind: 'strong', blocking: true } : undefined;
  if (flags.weakCheck && !flags.strongCheck && !isHome && input.weakShownOn !== input.today) return { kind: 'weak' };
  return undefined;
}

/** The operation a refused call was (for h5FaceCaptureInit's operationType), read from its call name. */
export function operationOfCall(path: string): 'bet' | 'deposit' | 'withdraw' | 'game' | 'profile' {
  const name = path.toLowerCase();
  if (name.includes('withdraw')) return 'withdraw';
  if (name.includes('deposit') || name.includes('order') || name.includes('voucher')) return 'deposit';
  if (name.includes('bet') || name.includes('combo')) return 'bet';
  if (name.includes('game')) return 'game';
  return 'profile';
}
