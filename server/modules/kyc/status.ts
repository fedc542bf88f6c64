import { KycRejectReason, KycStatus, isKycNotSet, type KycOperation, type KycRejectType, type MINI_TYPES } from '../../../src/contract/kyc';
import type { KycStatusAnswer } from '../../../src/contract/answers/kyc';
import { manilaDayStart as manilaDayStartMs } from '../../../src/lib/dates';

/**
 * The status machine of spec §4, pure: what a player's stored KYC state means for the app (the KYC info
 * of spec §3), for the deadline rule (bets and deposits) and for the face check before a withdrawal. No
 * database, no clock: the caller passes `now`, so the unit tests walk every case.
 */

export const DAY_MS = 86_400_000;

/** What is stored about a player's verification (table kyc_states). */
export interface KycState {
  ekycStatus: number;
  oldKycStatus: number;
  rejectCode: KycRejectReason | null;
  rejectType: KycRejectType | null;
  rejectReason: string;
  /** A final refusal: only customer service reopens verification. */
  refuseInit: boolean;
  /** When the player's face last matched (a verification's face photo, or a passed face check). */
  lastFaceMatchAt: Date | null;
}

export const NOT_VERIFIED: KycState = {
  ekycStatus: KycStatus.NotSet,
  oldKycStatus: KycStatus.NotSet,
  rejectCode: null,
  rejectType: null,
  rejectReason: '',
  refuseInit: false,
  lastFaceMatchAt: null,
};

/** The rules in force for this request: site settings (read per request) and the environment's. */
export interface KycRules {
  kycDays: number;
  dailyAttempts: number;
  eKycSwitch: boolean;
  forceNewUserEkycSwitch: boolean;
  /** An approved player's face must have matched within this many days before a withdrawal (KYC_REAUTH_DAYS). */
  reauthDays: number;
}

/** The player's words for each refusal (spec §8); 'repeated' is in the duplicate one, which opens the duplicate-ID dialog. */
export const REJECT_MESSAGES: Record<KycRejectReason, string> = {
  screen_capture: 'Your ID photo looks like a screen capture or a reproduction. Please take a photo of your original ID and submit again.',
  tampered: 'Your ID looks altered or partly covered. Please take a clear photo of the whole ID, with nothing over it, and submit again.',
  face_mismatch: 'Facial recognition failed: we could not match your face to the photo on your ID. Please try again in good light.',
  invalid_id: 'Your ID is not valid or has expired. Please submit a valid, unexpired ID.',
  repeated: 'This ID is already used by another account (repeated). One person may keep one account.',
  id_max_verifications: 'This ID exceeded the maximum number of verifications. Please contact Customer Service.',
  manual_rejection: 'Your verification was rejected by our review team. Please contact Customer Service.',
};

/** The words of a refusal, with the vendor's comment that is safe to show the player when there is one. */
export function rejectMessage(code: KycRejectReason, clientComment = ''): string {
  const words = REJECT_MESSAGES[code];
  const comment = clientComment.trim();
  return comment && !words.includes(comment) ? `${words} (${comment})` : words;
}

/** When the KYC days of registration end (spec §5). */
export function deadlineOf(registeredAt: Date, kycDays: number): Date {
  return new Date(registeredAt.getTime() + kycDays * DAY_MS);
}

export const isApproved = (state: Pick<KycState, 'ekycStatus'>) => state.ekycStatus === KycStatus.Approved;

/** Past the deadline and not approved: new bets and deposits are refused (GW_800460). */
export function isRestricted(state: Pick<KycState, 'ekycStatus'>, registeredAt: Date, kycDays: number, now: number): boolean {
  return !isApproved(state) && now >= deadlineOf(registeredAt, kycDays).getTime();
}

/** Whole days left before the deadline, rounded up; 0 once it passed. */
export function daysLeft(registeredAt: Date, kycDays: number, now: number): number {
  return Math.max(0, Math.ceil((deadlineOf(registeredAt, kycDays).getTime() - now) / DAY_MS));
}

/** The start of the Manila day holding `now` (cankycTime counts the attempts since then). */
export function manilaDayStart(now: number): Date {
  return new Date(manilaDayStartMs(now));
}

/** cankycTime: attempts left today. */
export function attemptsLeft(usedToday: number, dailyAttempts: number): number {
  return Math.max(0, dailyAttempts - usedToday);
}

/**
 * 'Verification Required' (spec §8): an approved player whose face last matched more than reauthDays ago
 * must pass a face check before withdrawing (periodic re-authentication); a passed check lifts it.
 */
export function needFaceCapture(state: KycState, operation: KycOperation | undefined, now: number, reauthDays: number): boolean {
  if (operation !== 'withdraw' || !isApproved(state)) return false;
  return state.lastFaceMatchAt === null || now - state.lastFaceMatchAt.getTime() > reauthDays * DAY_MS;
}

/** Why h5initialize cannot start a verification now, or null when it can (checked in this order). */
export function initRefusal(state: KycState, attemptsLeftToday: number): 'approved' | 'refused' | 'daily-limit' | null {
  if (isApproved(state)) return 'approved';
  if (state.ekycStatus === KycStatus.ManuallyRejected && state.refuseInit) return 'refused';
  if (attemptsLeftToday <= 0) return 'daily-limit';
  return null;
}

/**
 * spec §3's weak-prompt object. weakCheck: before the deadline and not verified nor under review (a
 * reminder off Home, once a day); strongCheck: past the deadline and not approved (blocking on Home);
 * halfCheck: half of the KYC days have gone by unverified; kycNode.days: days left.
 */
export function promptOf(state: KycState, registeredAt: Date, rules: Pick<KycRules, 'kycDays'>, now: number) {
  const approved = isApproved(state);
  const pending = state.ekycStatus === KycStatus.Pending;
  const passed = isRestricted(state, registeredAt, rules.kycDays, now);
  const elapsed = now - registeredAt.getTime();
  return {
    globalActiveKycStatus: shownStatus(state.ekycStatus),
    strongCheck: passed,
    weakCheck: !approved && !pending && !passed,
    halfCheck: !approved && !pending && !passed && elapsed >= (rules.kycDays * DAY_MS) / 2,
    kycNode: { days: approved ? 0 : daysLeft(registeredAt, rules.kycDays, now) },
  };
}

/** 4 is treated as not set (spec §4): the app is shown -1. */
export function shownStatus(status: number): number {
  return isKycNotSet(status) ? KycStatus.NotSet : status;
}

/** The whole KYC info of spec §3 for an operation (customer/queryKycStatus). */
export function kycInfoOf(input: {
  state: KycState;
  registeredAt: Date;
  rules: KycRules;
  usedToday: number;
  now: number;
  operationType?: KycOperation | undefined;
  miniType?: (typeof MINI_TYPES)[number] | undefined;
}): KycStatusAnswer {
  const { state, registeredAt, rules, now } = input;
  const approved = isApproved(state);
  const restricted = isRestricted(state, registeredAt, rules.kycDays, now);
  const prompt = promptOf(state, registeredAt, rules, now);
  const status = state.ekycStatus;
  return {
    ekycStatus: status,
    showEkycStatus: shownStatus(status),
    miniAppStatus: shownStatus(status),
    oldKycStatus: state.oldKycStatus,
    mergeKycStatus: status,
    kycStatus: status,
    requireEkyc: rules.eKycSwitch && !approved && (rules.forceNewUserEkycSwitch || restricted),
    needFaceCapture: needFaceCapture(state, input.operationType, now, rules.reauthDays),
    rejectReason: state.rejectReason,
    rejectCode: state.rejectCode,
    rejectType: state.rejectType,
    cankycTime: attemptsLeft(input.usedToday, rules.dailyAttempts),
    refuseInitFlag: state.refuseInit,
    isPopupWindow: prompt.weakCheck || prompt.strongCheck,
    eKycSwitch: rules.eKycSwitch,
    forceNewUserEkycSwitch: rules.forceNewUserEkycSwitch,
    deadline: approved ? null : deadlineOf(registeredAt, rules.kycDays).toISOString(),
    kycDays: rules.kycDays,
    restricted,
    miniType: input.miniType ?? null,
  };
}

/** A review decision (GREEN / RED, RETRY / FINAL) applied to the state: the new state. */
export function afterReview(
  state: KycState,
  decision: { answer: 'GREEN' | 'RED'; rejectType?: KycRejectType | undefined; code?: KycRejectReason | undefined; clientComment?: string },
  decidedAt: Date,
): KycState {
  if (decision.answer === 'GREEN') {
    return {
      ...state,
      ekycStatus: KycStatus.Approved,
      rejectCode: null,
      rejectType: null,
      rejectReason: '',
      refuseInit: false,
      lastFaceMatchAt: state.lastFaceMatchAt ?? decidedAt,
    };
  }
  const code = decision.code ?? KycRejectReason.ManualRejection;
  const rejectType = decision.rejectType ?? 'RETRY';
  return {
    ...state,
    // An approval taken back is remembered (oldKycStatus 1).
    oldKycStatus: isApproved(state) ? KycStatus.Approved : state.oldKycStatus,
    ekycStatus: KycStatus.ManuallyRejected,
    rejectCode: code,
    rejectType,
    rejectReason: rejectMessage(code, decision.clientComment),
    refuseInit: rejectType === 'FINAL',
  };
}

/** The vendor's own decision at submission (checkResult): Success 1, Failure 2 with the reason (RETRY), Pending 0. */
export function afterCheck(
  state: KycState,
  result: 'Success' | 'Failure' | 'Pending',
  code: KycRejectReason | undefined,
  at: Date,
): KycState {
  if (result === 'Success') return { ...afterReview(state, { answer: 'GREEN' }, at), lastFaceMatchAt: at };
  if (result === 'Pending') return { ...state, ekycStatus: KycStatus.Pending, rejectCode: null, rejectType: null, rejectReason: '' };
  const reason = code ?? KycRejectReason.InvalidId;
  return {
    ...state,
    ekycStatus: KycStatus.SystemRejected,
    rejectCode: reason,
    rejectType: 'RETRY',
    rejectReason: rejectMessage(reason),
    refuseInit: false,
  };
}
