/**
 * The error catalogue of spec §8: what the app does with each answer code. Pure: it only answers a
 * behaviour; the client carries it out through its effects. Messages are i18n keys (see i18n/en.ts).
 */
import {
  GATEWAY_GROUP_ONE,
  GATEWAY_GROUP_TWO,
  GatewayCode,
  RG_REFUSAL_CODES,
  SILENT_BARE_CODES,
  SpecCode,
  TOKEN_RESET_CODES,
} from '../contract/errorCodes';

/**
 * Why a call needs the player to verify (issue 12): the deadline passed (GW_800460), today's attempts are
 * used up (GW_800461), only customer service can reopen (GW_800462), the ID is on another account
 * (GW_800463), the ID reached its verifications (GW_800464), a face check must come first (GW_800603).
 */
export type KycNeed = 'deadline' | 'dailyLimit' | 'refused' | 'repeated' | 'maxVerifications' | 'faceCheck';

const KYC_NEEDS: Readonly<Record<string, KycNeed>> = {
  [GatewayCode.KycRequired]: 'deadline',
  [GatewayCode.KycDailyLimit]: 'dailyLimit',
  [GatewayCode.KycRefused]: 'refused',
  [GatewayCode.KycIdRepeated]: 'repeated',
  [GatewayCode.KycIdMaxVerifications]: 'maxVerifications',
  // The operator requires verified identity before any deposit (responsible gaming, issue 34).
  [GatewayCode.RgKycBeforeDeposit]: 'deadline',
  // Elsewhere than the login paths (DATA_ON_PATHS), GW_800603 asks for facial recognition before the operation.
  [SpecCode.VerificationNeeded]: 'faceCheck',
};

export type Behaviour =
  /** Resolve as if the call succeeded. */
  | { kind: 'success' }
  /** Resolve with the answer's data: the calling page shows it (a pending order, a verification step). */
  | { kind: 'data' }
  /** Reject without telling the player. */
  | { kind: 'silent' }
  /** Reject and leave the message to the calling feature (per-path and gateway-group codes). */
  | { kind: 'delegate' }
  | { kind: 'toast'; tone: 'fail' | 'info'; messageKey?: string; withCode: boolean }
  | { kind: 'alert'; titleKey: string; messageKey: string; confirmKey: string }
  | { kind: 'resetToken' }
  | { kind: 'mobileChanged' }
  | { kind: 'loginRequired' }
  | { kind: 'blacklist' }
  /** An identity-verification step the player must take first: the app's KYC dialog says which and leads there. */
  | { kind: 'kyc'; need: KycNeed }
  /**
   * A responsible-gaming rule refused the call (a limit, a break, a category switched off…): the server's
   * words (the limit, what is left, when it resets, the helpline) in a dialog that leads to the tools;
   * `endsSession` when the rule also ended this login (a break taken elsewhere, the session limit).
   */
  | { kind: 'responsibleGaming'; endsSession: boolean }
  | { kind: 'debugDump' };

/**
 * Codes that answer data on some paths (spec §8: GW_900989, GW_900990, GW_801129, GW_800603).
 * Elsewhere they are ordinary errors. Paths are the call names after the prefix.
 */
export const DATA_ON_PATHS: Readonly<Record<string, readonly string[]>> = {
  // An unfinished deposit order exists: the deposit page shows it instead of creating another.
  [SpecCode.PendingOrderA]: ['deposit/createDeposit', 'deposit/createOnlineOrder'],
  [SpecCode.PendingOrderB]: ['deposit/createDeposit', 'deposit/createOnlineOrder'],
  // A withdrawal needs KYC first: the data says which step is missing.
  [SpecCode.WithdrawKycNeeded]: ['withdraw/createWithdrawalRequest', 'withdraw/checkOrderQuota'],
  // A login needs one more verification: the data says where the code was sent.
  [SpecCode.VerificationNeeded]: ['userAuth/loginByPhoneV4', 'userAuth/loginAndRegisterV4'],
};

/** Codes the calling feature handles on these paths (spec §8: GW_801667, GW_801668 "per path"). */
export const PER_PATH_CODES: Readonly<Record<string, readonly string[]>> = {
  [SpecCode.PerPathA]: ['withdraw/createWithdrawalRequest', 'deposit/createDeposit', 'deposit/createOnlineOrder'],
  [SpecCode.PerPathB]: ['withdraw/createWithdrawalRequest', 'deposit/createDeposit', 'deposit/createOnlineOrder'],
};

const SUCCESS_CODES: readonly string[] = [SpecCode.SuccessA, SpecCode.SuccessB, SpecCode.SuccessC];
const GATEWAY_GROUPS: readonly string[] = [...GATEWAY_GROUP_ONE, ...GATEWAY_GROUP_TWO];

export interface CatalogueContext {
  /** The call name after the prefix, e.g. `customer/getBalance`. */
  path: string;
  /** The player is inside a game (a game page or an in-game call). */
  inGame: boolean;
}

export function behaviourFor(code: string, ctx: CatalogueContext): Behaviour {
  if (SUCCESS_CODES.includes(code)) return { kind: 'success' };
  if (DATA_ON_PATHS[code]?.includes(ctx.path)) return { kind: 'data' };
  if (PER_PATH_CODES[code]?.includes(ctx.path)) return { kind: 'delegate' };
  if (code === GatewayCode.RgSessionEnded) return { kind: 'responsibleGaming', endsSession: true };
  if (RG_REFUSAL_CODES.includes(code)) return { kind: 'responsibleGaming', endsSession: false };
  if (TOKEN_RESET_CODES.includes(code)) return { kind: 'resetToken' };
  if ((SILENT_BARE_CODES as readonly string[]).includes(code)) return { kind: 'silent' };
  if (GATEWAY_GROUPS.includes(code)) return { kind: 'delegate' };
  const need = KYC_NEEDS[code];
  if (need) return { kind: 'kyc', need };

  switch (code) {
    case SpecCode.UnderAge:
      return { kind: 'alert', titleKey: 'dialog.tips', messageKey: 'errors.underAge', confirmKey: 'common.ok' };
    case SpecCode.MassiveFanatics:
      return ctx.inGame ? { kind: 'delegate' } : { kind: 'toast', tone: 'fail', messageKey: 'errors.massiveFanatics', withCode: false };
    case SpecCode.DepositInsufficientBalance:
      return { kind: 'toast', tone: 'fail', messageKey: 'errors.depositInsufficientBalance', withCode: false };
    case SpecCode.PaymentProviderIssue:
      return {
        kind: 'alert',
        titleKey: 'dialog.tips',
        messageKey: 'errors.paymentProviderIssue',
        confirmKey: 'common.okay',
      };
    case SpecCode.ToastWithCode:
      return { kind: 'toast', tone: 'fail', withCode: true };
    case SpecCode.SpecialToast:
      return { kind: 'toast', tone: 'info', withCode: false };
    case SpecCode.Blacklisted:
      return { kind: 'blacklist' };
    case SpecCode.RejectedSilently:
      return { kind: 'silent' };
    case SpecCode.DebugDump:
      return { kind: 'debugDump' };
    case GatewayCode.LoginRequired:
      return { kind: 'loginRequired' };
    case GatewayCode.MobileNumberChanged:
      return { kind: 'mobileChanged' };
    default:
      return { kind: 'toast', tone: 'fail', withCode: true };
  }
}
