import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEffects, queryClient } from '../../src/api/instance';
import { KycDialog } from '../../src/app/overlays/KycDialogs';
import { WEAK_PROMPT_DAY_KEY } from '../../src/app/KycWatcher';
import type { KycStatusAnswer } from '../../src/contract/answers/kyc';
import type { UserInfo } from '../../src/contract/user';
import { initI18n } from '../../src/i18n';
import { local } from '../../src/lib/storage';
import { registerNavigator } from '../../src/lib/navigation';
import { clearKyc, kyc } from '../../src/stores/kyc';
import { resetToken, setLogin } from '../../src/stores/session';
import { ui } from '../../src/stores/ui';
import { renderApp } from './renderApp';

const status = (patch: Partial<KycStatusAnswer> = {}): KycStatusAnswer => ({
  ekycStatus: -1,
  showEkycStatus: -1,
  miniAppStatus: -1,
  oldKycStatus: -1,
  mergeKycStatus: -1,
  kycStatus: -1,
  requireEkyc: true,
  needFaceCapture: false,
  rejectReason: '',
  rejectCode: null,
  rejectType: null,
  cankycTime: 3,
  refuseInitFlag: false,
  isPopupWindow: false,
  eKycSwitch: true,
  forceNewUserEkycSwitch: false,
  deadline: '2026-11-30T12:00:00.000Z',
  kycDays: 7,
  restricted: false,
  miniType: null,
  ...patch,
});

/** The server as the app sees it: the KYC status and prompt flags given, everything else idle. */
function serverAnswering(kycStatus: KycStatusAnswer, prompt = { weakCheck: false, strongCheck: false }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      let data: unknown = null;
      if (String(url).endsWith('customer/queryKycStatus')) data = kycStatus;
      else if (String(url).endsWith('weakKycPrompt'))
        data = { globalActiveKycStatus: kycStatus.ekycStatus, halfCheck: false, kycNode: { days: 5 }, ...prompt };
      else if (String(url).endsWith('front/siteMaintenance')) data = { maintenance: false, message: '', endTime: null, entries: [] };
      return new Response(JSON.stringify({ code: 0, msg: '', data }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return asked;
}

const player = { loginName: 'juan01', customerId: '1001', nickName: 'Juan', mobileNo: '+63 917 *** 4567' } as UserInfo;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetToken();
  clearKyc();
  ui.overlays = [];
  ui.dialogs = [];
  local.remove(WEAK_PROMPT_DAY_KEY);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the status fetch feeds the forced new-user eKYC guard', () => {
  it('sends a logged-in new player to /EKYCAutomation once the server says the switch is on', async () => {
    const asked = serverAnswering(status({ forceNewUserEkycSwitch: true }));
    setLogin(player, { token: 't', u2token: '' });
    const router = await renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/EKYCAutomation'));
    expect(asked.some((url) => url.endsWith('customer/queryKycStatus'))).toBe(true);
    expect(kyc.known).toBe(true);
  });

  it('sends a player under review to /KycResult, and leaves a player with the switch off where they are', async () => {
    serverAnswering(status({ forceNewUserEkycSwitch: true, ekycStatus: 0 }));
    setLogin(player, { token: 't', u2token: '' });
    const router = await renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/KycResult'));
    cleanup();
    clearKyc();
    serverAnswering(status({ forceNewUserEkycSwitch: false }));
    const other = await renderApp('/account');
    await waitFor(() => expect(kyc.known).toBe(true));
    expect(other.state.location.pathname).toBe('/account');
  });
});

describe('the prompts, composed in the app', () => {
  it('shows the weak prompt off Home once a day, and not again after it was shown today', async () => {
    serverAnswering(status(), { weakCheck: true, strongCheck: false });
    setLogin(player, { token: 't', u2token: '' });
    await renderApp('/account');
    expect(await screen.findByRole('alertdialog', { name: 'Verify your identity' })).toBeTruthy();
    expect(local.get(WEAK_PROMPT_DAY_KEY, '')).not.toBe('');
    cleanup();
    ui.overlays = [];
    await renderApp('/account');
    await waitFor(() => expect(kyc.weakCheck).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the strong prompt on Home without a way to close it', async () => {
    serverAnswering(status(), { weakCheck: false, strongCheck: true });
    setLogin(player, { token: 't', u2token: '' });
    await renderApp('/sports');
    const dialog = await screen.findByRole('alertdialog', { name: 'Verification needed' });
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Verify now' })).toBeTruthy();
  });
});

describe('the KYC dialogs of the answer codes', () => {
  const to: string[] = [];
  beforeEach(() => {
    to.length = 0;
    registerNavigator((href) => void to.push(href));
  });

  it('GW_800460 on a bet: says how to verify and leads to /EKYCAutomation', () => {
    apiEffects.kyc('deadline', 'Your KYC verification is incomplete.', 'sabaDoPlaceBetV2');
    expect(ui.overlays.map((overlay) => overlay.id)).toEqual(['forcedKyc']);
    const onClose = vi.fn();
    render(<KycDialog id="forcedKyc" props={ui.overlays[0]!.props} onClose={onClose} />);
    expect(screen.getByText(/Your KYC verification is incomplete\. Please verify your identity/)).toBeTruthy();
    expect(screen.getByText(/choose your ID, take a photo of it and a selfie/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(to).toEqual(['/EKYCAutomation']);
    expect(onClose).toHaveBeenCalled();
  });

  it("GW_800603 on a withdrawal: 'Verification Required' leads to the face capture for that operation", () => {
    render(<KycDialog id="forcedKyc" props={{ need: 'faceCheck', path: 'withdraw/createWithdrawalRequest' }} onClose={() => undefined} />);
    expect(screen.getByRole('alertdialog', { name: 'Verification Required' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start facial recognition' }));
    expect(to).toEqual(['/face-capture?operation=withdraw']);
  });

  it('a duplicate ID leads to /MultiAccount; the daily limit says to come back tomorrow', () => {
    render(<KycDialog id="forcedKyc" props={{ need: 'repeated' }} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'See details' }));
    expect(to).toEqual(['/MultiAccount']);
    cleanup();
    render(<KycDialog id="forcedKyc" props={{ need: 'dailyLimit' }} onClose={() => undefined} />);
    expect(screen.getByText('You have reached today’s limit of KYC verifications. Please try again tomorrow.')).toBeTruthy();
  });
});
