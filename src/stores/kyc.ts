import { proxy } from 'valtio/vanilla';
import type { KycStatusAnswer } from '../contract/answers/kyc';
import { StorageKey } from '../contract/storageKeys';
import { endKycFlow } from './kycFlow';
import { persistFields } from './persist';

/** KYC info of spec §3, persisted under the stored key `kycInfo`. Filled by the KYC status call. */
export const kyc = proxy({
  /** The server answered once for this player (kept across reloads: then it is the last known status). */
  known: false,
  /** The server answered since this page was opened (not kept): what is shown is current, not last known. */
  fresh: false,
  /** The last ask failed (offline, refused): what is shown is the last known status, if any, and stays so. */
  checkFailed: false,
  ekycStatus: -1,
  oldKycStatus: -1,
  mergeKycStatus: -1,
  requireEkyc: false,
  needFaceCapture: false,
  rejectReason: '',
  /** 0 means the daily verification limit is reached. */
  cankycTime: 1,
  refuseInitFlag: false,
  isPopupWindow: false,
  miniAppStatus: -1,
  eKycSwitch: false,
  forceNewUserEkycSwitch: false,
  kycStatus: -1,
  // Beyond spec §3's list (issue 12): what the status call also answers, and the weak-prompt object.
  /** The reason's code (KycRejectReason), null when none. */
  rejectCode: null as string | null,
  rejectType: null as 'RETRY' | 'FINAL' | null,
  /** When the KYC days of registration end (ISO), null once verified. */
  deadline: null as string | null,
  kycDays: 7,
  /** The deadline passed unverified: the server refuses new bets and deposits. */
  restricted: false,
  /** weakKycPrompt's flags (spec §3 "weak-prompt object"); kycNode.days = days left before the deadline. */
  weakCheck: false,
  strongCheck: false,
  daysLeft: 0,
});

persistFields(kyc, StorageKey.kycInfo, [
  'known',
  'ekycStatus',
  'oldKycStatus',
  'mergeKycStatus',
  'requireEkyc',
  'needFaceCapture',
  'rejectReason',
  'cankycTime',
  'refuseInitFlag',
  'isPopupWindow',
  'miniAppStatus',
  'eKycSwitch',
  'forceNewUserEkycSwitch',
  'kycStatus',
  'rejectCode',
  'rejectType',
  'deadline',
  'kycDays',
  'restricted',
]);

/** Keeps what customer/queryKycStatus answered: the route guard and the KYC pages read it from here. */
export function applyKycStatus(answer: KycStatusAnswer): void {
  kyc.known = true;
  kyc.fresh = true;
  kyc.checkFailed = false;
  kyc.ekycStatus = answer.ekycStatus;
  kyc.oldKycStatus = answer.oldKycStatus;
  kyc.mergeKycStatus = answer.mergeKycStatus;
  kyc.kycStatus = answer.kycStatus;
  kyc.miniAppStatus = answer.miniAppStatus;
  kyc.requireEkyc = answer.requireEkyc;
  kyc.needFaceCapture = answer.needFaceCapture;
  kyc.rejectReason = answer.rejectReason;
  kyc.rejectCode = answer.rejectCode;
  kyc.rejectType = answer.rejectType;
  kyc.cankycTime = answer.cankycTime;
  kyc.refuseInitFlag = answer.refuseInitFlag;
  kyc.isPopupWindow = answer.isPopupWindow;
  kyc.eKycSwitch = answer.eKycSwitch;
  kyc.forceNewUserEkycSwitch = answer.forceNewUserEkycSwitch;
  kyc.deadline = answer.deadline;
  kyc.kycDays = answer.kycDays;
  kyc.restricted = answer.restricted;
}

export function applyKycPrompt(prompt: { strongCheck: boolean; weakCheck: boolean; kycNode: { days: number } }): void {
  kyc.weakCheck = prompt.weakCheck;
  kyc.strongCheck = prompt.strongCheck;
  kyc.daysLeft = prompt.kycNode.days;
}

/** Logout: the status and the verification under way in this tab are the player's, never the next one's. */
export function clearKyc(): void {
  endKycFlow();
  kyc.known = false;
  kyc.fresh = false;
  kyc.checkFailed = false;
  kyc.ekycStatus = -1;
  kyc.oldKycStatus = -1;
  kyc.mergeKycStatus = -1;
  kyc.forceNewUserEkycSwitch = false;
  kyc.rejectReason = '';
  kyc.rejectCode = null;
  kyc.rejectType = null;
  kyc.restricted = false;
  kyc.weakCheck = false;
  kyc.strongCheck = false;
}
