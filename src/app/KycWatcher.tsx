import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { refreshKycStatus } from '../api/kycStatus';
import { manilaDay } from '../lib/dates';
import { kycPromptFor } from '../lib/kycRules';
import { local } from '../lib/storage';
import { useUserPush } from '../realtime/hooks';
import { attention, isPromptMoment } from '../stores/attention';
import { kyc } from '../stores/kyc';
import { session } from '../stores/session';
import { openOverlay, ui } from '../stores/ui';
import { useLoggedIn } from '../hooks/useLoggedIn';

/** The Manila day the weak prompt was last shown (spec §4: once a day). */
export const WEAK_PROMPT_DAY_KEY = 'kycWeakPromptDay';

/**
 * Keeps the player's KYC status current and shows the prompts of spec §4. The status is asked at app
 * start and login, when the player comes back to the app, and when a message arrives (a decision is
 * told as an inbox message); when the forced new-user rule's inputs change, the route guard runs again,
 * so a new player is sent to eKYC and an approved one let go. The prompts open only at a natural pause
 * (on a page the player has not started on, no field focused, no money call on its way); otherwise they
 * wait for the next page. Renders nothing.
 */
export function KycWatcher() {
  const router = useRouter();
  const { user } = useSnapshot(session);
  const loggedIn = useLoggedIn();
  const info = useSnapshot(kyc);
  const { currentRouteName } = useSnapshot(ui);
  // The prompts wait for a natural pause (src/stores/attention.ts): never over what the player is doing.
  const moment = isPromptMoment(useSnapshot(attention));

  useEffect(() => {
    if (loggedIn) void refreshKycStatus();
  }, [loggedIn, user?.loginName]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshKycStatus();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useUserPush('messages', () => void refreshKycStatus(), loggedIn);

  // The guard (routes/guards.ts rule 8) reads the store: run it again when its answer may change.
  const guardInput = `${loggedIn}|${info.known}|${info.forceNewUserEkycSwitch}|${info.ekycStatus}`;
  const lastGuardInput = useRef(guardInput);
  useEffect(() => {
    if (lastGuardInput.current === guardInput) return;
    lastGuardInput.current = guardInput;
    if (loggedIn && info.known) void router.invalidate();
  }, [guardInput, loggedIn, info.known, router]);

  useEffect(() => {
    if (!loggedIn || !info.known || currentRouteName === '' || !moment) return;
    const today = manilaDay(Date.now());
    const prompt = kycPromptFor({
      flags: { weakCheck: info.weakCheck, strongCheck: info.strongCheck },
      ekycStatus: info.ekycStatus,
      page: currentRouteName,
      today,
      weakShownOn: local.get(WEAK_PROMPT_DAY_KEY, ''),
    });
    if (!prompt) return;
    if (prompt.kind === 'weak') local.set(WEAK_PROMPT_DAY_KEY, today);
    openOverlay('forcedKyc', { need: prompt.kind });
  }, [loggedIn, info.known, info.weakCheck, info.strongCheck, info.ekycStatus, currentRouteName, moment]);

  return null;
}
