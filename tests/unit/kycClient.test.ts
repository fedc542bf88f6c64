import { describe, expect, it } from 'vitest';
import { behaviourFor } from '../../src/api/catalogue';
import { KYC_IMAGE, KycStatus } from '../../src/contract/kyc';
import { type CanvasLike, fittedJpeg } from '../../src/lib/image';
import {
  type KycView,
  type PromptInput,
  canStartVerification,
  kycEntryPage,
  kycOutcome,
  kycPromptFor,
  miniTypeFor,
  operationOfCall,
} from '../../src/lib/kycRules';

const view = (patch: Partial<KycView> = {}): KycView => ({
  ekycStatus: KycStatus.NotSet,
  oldKycStatus: KycStatus.NotSet,
  rejectReason: '',
  rejectCode: null,
  cankycTime: 3,
  refuseInitFlag: false,
  ...patch,
});

describe('where a KYC status leads (spec §4)', () => {
  it('sends a player with nothing submitted to the ID choice, whether -1 or 4', () => {
    expect(kycEntryPage(view())).toBe('/EKYCAutomation');
    expect(kycEntryPage(view({ ekycStatus: KycStatus.Reset }))).toBe('/EKYCAutomation');
  });

  it('asks a player approved under the old KYC and now -1 or 4 to Update Identity (the standalone photo steps)', () => {
    expect(kycOutcome(view({ oldKycStatus: 1, ekycStatus: -1 }))).toBe('updateIdentity');
    expect(kycOutcome(view({ oldKycStatus: 1, ekycStatus: 4 }))).toBe('updateIdentity');
    expect(kycEntryPage(view({ oldKycStatus: 1, ekycStatus: 4 }))).toBe('/TakePhotoKYC');
  });

  it('shows the result for pending, approved and refused players', () => {
    for (const ekycStatus of [0, 1, 2, 3]) expect(kycEntryPage(view({ ekycStatus }))).toBe('/KycResult');
    expect(kycOutcome(view({ ekycStatus: 0 }))).toBe('pending');
    expect(kycOutcome(view({ ekycStatus: 1 }))).toBe('approved');
  });

  it('tells a refused player the reason and lets them resubmit, unless the refusal is final (3 + refuseInitFlag)', () => {
    expect(kycOutcome(view({ ekycStatus: 2, rejectCode: 'tampered' }))).toBe('rejected');
    expect(kycOutcome(view({ ekycStatus: 3, rejectCode: 'manual_rejection' }))).toBe('rejected');
    expect(canStartVerification(view({ ekycStatus: 3 }))).toBe(true);
    expect(kycOutcome(view({ ekycStatus: 3, refuseInitFlag: true }))).toBe('contactService');
    expect(canStartVerification(view({ ekycStatus: 3, refuseInitFlag: true }))).toBe(false);
  });

  it("opens the duplicate-ID explanation for any reason containing 'repeated' (spec §5)", () => {
    expect(kycOutcome(view({ ekycStatus: 2, rejectReason: 'ID repeated on another account' }))).toBe('repeated');
    expect(kycOutcome(view({ ekycStatus: 2, rejectCode: 'repeated' }))).toBe('repeated');
  });

  it('says the ID exceeded its verifications, and that the daily limit is reached when cankycTime is 0', () => {
    expect(kycOutcome(view({ ekycStatus: 2, rejectCode: 'id_max_verifications' }))).toBe('maxVerifications');
    expect(kycOutcome(view({ cankycTime: 0 }))).toBe('dailyLimit');
    expect(kycOutcome(view({ ekycStatus: 2, rejectCode: 'tampered', cankycTime: 0 }))).toBe('dailyLimit');
    expect(kycEntryPage(view({ cankycTime: 0 }))).toBe('/KycResult');
    expect(canStartVerification(view({ cankycTime: 0 }))).toBe(false);
  });
});

describe('the weak and strong prompts (spec §4)', () => {
  const input = (patch: Partial<PromptInput> = {}): PromptInput => ({
    flags: { weakCheck: true, strongCheck: false },
    ekycStatus: KycStatus.NotSet,
    page: 'Account',
    today: '2026-11-23',
    weakShownOn: '',
    ...patch,
  });

  it('shows the weak prompt off Home, at most once a Manila day', () => {
    expect(kycPromptFor(input())).toEqual({ kind: 'weak' });
    expect(kycPromptFor(input({ weakShownOn: '2026-11-23' }))).toBeUndefined();
    expect(kycPromptFor(input({ weakShownOn: '2026-11-22' }))).toEqual({ kind: 'weak' });
    expect(kycPromptFor(input({ page: 'Home_sports' }))).toBeUndefined();
    expect(kycPromptFor(input({ page: 'Home_foryou' }))).toBeUndefined();
  });

  it('shows the strong prompt only on Home, blocking, and not once a day: every time', () => {
    const strong = { weakCheck: false, strongCheck: true };
    expect(kycPromptFor(input({ flags: strong, page: 'Home_sports' }))).toEqual({ kind: 'strong', blocking: true });
    expect(kycPromptFor(input({ flags: strong, page: 'Home_foryou', weakShownOn: '2026-11-23' }))).toEqual({
      kind: 'strong',
      blocking: true,
    });
    expect(kycPromptFor(input({ flags: strong, page: 'Account' }))).toBeUndefined();
    expect(kycPromptFor(input({ flags: strong, page: 'Home_sports', ekycStatus: KycStatus.Pending }))).toEqual({
      kind: 'strong',
      blocking: true,
    });
  });

  it('shows nothing to an approved player', () => {
    expect(kycPromptFor(input({ ekycStatus: KycStatus.Approved }))).toBeUndefined();
    expect(kycPromptFor(input({ flags: { weakCheck: false, strongCheck: true }, page: 'Home_sports', ekycStatus: 1 }))).toBeUndefined();
  });

  it('needs one flag only: both or neither shows nothing', () => {
    expect(kycPromptFor(input({ flags: { weakCheck: true, strongCheck: true } }))).toBeUndefined();
    expect(kycPromptFor(input({ flags: { weakCheck: true, strongCheck: true }, page: 'Home_sports' }))).toBeUndefined();
    expect(kycPromptFor(input({ flags: { weakCheck: false, strongCheck: false } }))).toBeUndefined();
  });

  it('never shows on deposit and gaming pages, nor on the verification pages themselves', () => {
    for (const page of [
      'WalletDeposit',
      'gpoorder',
      'bankorder',
      'Home_games',
      'ingame',
      'game',
      'EKYCAutomation',
      'KycResult',
      'kyc-information',
    ]) {
      expect(kycPromptFor(input({ page })), page).toBeUndefined();
      expect(kycPromptFor(input({ page, flags: { weakCheck: false, strongCheck: true } })), page).toBeUndefined();
    }
  });
});

describe('KYC answer codes (client catalogue)', () => {
  it('maps the deadline, the daily limit, closed, duplicate and maximum codes to the KYC dialog', () => {
    const at = (code: string, path = 'sabaDoPlaceBetV2') => behaviourFor(code, { path, inGame: false });
    expect(at('GW_800460')).toEqual({ kind: 'kyc', need: 'deadline' });
    expect(at('GW_800460', 'deposit/createDeposit')).toEqual({ kind: 'kyc', need: 'deadline' });
    expect(at('GW_800461', 'h5initialize')).toEqual({ kind: 'kyc', need: 'dailyLimit' });
    expect(at('GW_800462', 'h5initialize')).toEqual({ kind: 'kyc', need: 'refused' });
    expect(at('GW_800463', 'modifyEkycRequest')).toEqual({ kind: 'kyc', need: 'repeated' });
    expect(at('GW_800464', 'modifyEkycRequest')).toEqual({ kind: 'kyc', need: 'maxVerifications' });
  });

  it('asks for facial recognition on GW_800603, except on the login paths where it answers data', () => {
    expect(behaviourFor('GW_800603', { path: 'sabaDoPlaceBetV2', inGame: false })).toEqual({ kind: 'kyc', need: 'faceCheck' });
    expect(behaviourFor('GW_800603', { path: 'userAuth/loginByPhoneV4', inGame: false })).toEqual({ kind: 'data' });
    expect(operationOfCall('sabaDoPlaceBetV2')).toBe('bet');
    expect(operationOfCall('deposit/createOnlineOrder')).toBe('deposit');
    expect(operationOfCall('withdraw/createWithdrawalRequest')).toBe('withdraw');
  });
});

describe('the status query names the partner (miniType)', () => {
  it('Glife → gcash, Lazada → lazada, a Maya host → maya, else none', () => {
    expect(miniTypeFor({ glife: true, lazada: false }, undefined)).toBe('gcash');
    expect(miniTypeFor({ glife: false, lazada: true }, undefined)).toBe('lazada');
    expect(miniTypeFor({ glife: false, lazada: false }, 'maya')).toBe('maya');
    expect(miniTypeFor({ glife: false, lazada: false }, undefined)).toBeUndefined();
  });
});

describe('photos leave the phone fitted to 750 px at JPEG 0.9 (KYC_IMAGE)', () => {
  function fakeCanvas() {
    const drawn: unknown[][] = [];
    const encoded: unknown[][] = [];
    const canvas: CanvasLike = {
      width: 0,
      height: 0,
      getContext: () => ({ drawImage: (...args: unknown[]) => void drawn.push(args) }) as never,
      toDataURL: (...args: unknown[]) => {
        encoded.push(args);
        return 'data:image/jpeg;base64,AAAA';
      },
    };
    return { canvas, drawn, encoded };
  }

  it('draws a 1920×1080 camera frame at 750×422 and encodes it as JPEG at 0.9', () => {
    const { canvas, drawn, encoded } = fakeCanvas();
    const frame = {} as CanvasImageSource;
    expect(fittedJpeg(frame, 1920, 1080, KYC_IMAGE, () => canvas)).toBe('data:image/jpeg;base64,AAAA');
    expect([canvas.width, canvas.height]).toEqual([750, 422]);
    expect(drawn).toEqual([[frame, 0, 0, 750, 422]]);
    expect(encoded).toEqual([['image/jpeg', 0.9]]);
  });

  it('keeps a small photo at its size (never enlarged)', () => {
    const { canvas } = fakeCanvas();
    fittedJpeg({} as CanvasImageSource, 640, 480, KYC_IMAGE, () => canvas);
    expect([canvas.width, canvas.height]).toEqual([640, 480]);
  });
});
