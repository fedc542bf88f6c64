import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { acknowledgeRealityCheck, rgStatusQuiet, storeRgStatus } from '../features/responsibleGaming/api';
import { RealityCheckDialog } from '../features/responsibleGaming/RealityCheckDialog';
import { useLoggedIn } from '../hooks/useLoggedIn';
import { i18next } from '../i18n';
import { navigateTo } from '../lib/navigation';
import { local } from '../lib/storage';
import { session } from '../stores/session';
import { showDialog } from '../stores/ui';

/** Which login (the end of its token) was told it may only withdraw. */
const WITHDRAW_ONLY_TOLD_KEY = 'rgWithdrawOnlyTold';

/** How often a logged-in app reads the player's responsible-gaming status (the reality check's time comes from it). */
const STATUS_EVERY_MS = 60_000;

/**
 * Responsible gaming's side of the app (issue 34), for a logged-in player: the reality check when it is
 * due (the server refuses the next bet or round until it is acknowledged), and, for a withdraw-only login (break, exclusion,
 * restriction), a dialog that leads to the withdrawal. Renders nothing else.
 */
export function ResponsibleGamingWatcher() {
  const loggedIn = useLoggedIn();
  const { webToken } = useSnapshot(session);
  const { data: status } = useQuery({ ...rgStatusQuiet(webToken.token), enabled: loggedIn, refetchInterval: STATUS_EVERY_MS });
  /** The reality check that came due: for which due time, and when it fired (the time played is counted to then). */
  const [fired, setFired] = useState<{ dueAt: number; at: number } | null>(null);

  const dueAt = status?.session?.realityDueAt ? Date.parse(status.session.realityDueAt) : null;
  useEffect(() => {
    if (dueAt === null) return;
    const timer = setTimeout(() => setFired({ dueAt, at: Date.now() }), Math.max(0, dueAt - Date.now()));
    return () => clearTimeout(timer);
  }, [dueAt]);
  const realityDue = fired !== null && fired.dueAt === dueAt;

  const restricted = status?.restriction ?? null;
  useEffect(() => {
    // Once per login, on this device (a page reload does not tell it again).
    const login = webToken.token.slice(-12);
    if (!restricted || local.get(WITHDRAW_ONLY_TOLD_KEY, '') === login) return;
    local.set(WITHDRAW_ONLY_TOLD_KEY, login);
    showDialog({
      title: i18next.t('rg.dialog.withdrawOnlyTitle'),
      message: i18next.t('rg.restriction.withdrawOnly'),
      confirm: { label: i18next.t('rg.restriction.withdraw'), action: () => navigateTo('/withdraw') },
      cancel: { label: i18next.t('rg.dialog.open'), action: () => navigateTo('/responsibleGaming') },
    });
  }, [restricted, webToken.token]);

  if (!loggedIn || !status) return null;
  const update = (next: typeof status | null) => storeRgStatus(webToken.token, next);

  if (realityDue && fired && status.session && !restricted) {
    return (
      <RealityCheckDialog
        playedMs={fired.at - Date.parse(status.session.startedAt)}
        net={status.session.net}
        onContinue={() => {
          setFired(null);
          acknowledgeRealityCheck().then(update, () => update(null));
        }}
        onStop={() => {
          setFired(null);
          navigateTo('/responsibleGaming?tab=breaks');
        }}
      />
    );
  }

  return null;
}
