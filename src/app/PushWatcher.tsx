import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isOpenTicket } from '../contract/betting';
import { useLoggedIn } from '../hooks/useLoggedIn';
import { timers } from '../lib/timers';
import { asBetPush, isDepositCredited, useUserPush } from '../realtime/hooks';
import { attention, isPromptMoment } from '../stores/attention';
import { onLogout } from '../stores/session';
import { showToast } from '../stores/ui';
import { Button } from '../ui/Button';
import { Sheet } from '../ui/Sheet';
import { dropSubscription, offerMade, pushPermission, rememberOffer, syncSubscription, turnOnPush } from './push/webPush';
import styles from './PushWatcher.module.css';

/** Spec §9: the push subscription is set up 7 s after the user's product (the logged-in player) is known. */
export const PUSH_SETUP_DELAY_MS = 7_000;

/**
 * Web Push in the app (issue 38), in the Watchers chunk (never the entry): 7 s after the player is known,
 * a browser that already allowed notifications has its subscription sent again (renewed or pruned ones
 * come back); the opt-in is offered once, after a meaningful action (the player's first bet placed, a
 * ticket of theirs opening, or a deposit credited), never on arrival, and at a natural pause (src/stores/attention.ts: on a later page the player
 * has not started on, never over the slip's result); a logout drops this browser's subscription (the push service then answers
 * the server 410 and the server prunes it).
 */
export function PushWatcher() {
  const loggedIn = useLoggedIn();
  const [due, setDue] = useState(false);
  const [offer, setOffer] = useState(false);
  const moment = isPromptMoment(useSnapshot(attention));
  // Opened at the first pause once due, then kept open while the player answers it (state from render).
  if (due && moment && !offer && !offerMade()) setOffer(true);

  useEffect(() => {
    if (!loggedIn || pushPermission() !== 'granted') return;
    const timer = timers.setTimeout(() => void syncSubscription().catch(() => false), PUSH_SETUP_DELAY_MS);
    return () => timers.clearTimeout(timer);
  }, [loggedIn]);

  useEffect(() => onLogout(() => void dropSubscription().catch(() => undefined)), []);

  // A notification tapped while the app is open: the service worker asks it to open the page.
  const router = useRouter();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const open = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type !== 'OPEN_PAGE' || typeof data.url !== 'string') return;
      const url = new URL(data.url, location.origin);
      if (url.origin === location.origin) router.history.push(`${url.pathname}${url.search}`);
    };
    navigator.serviceWorker.addEventListener('message', open);
    return () => navigator.serviceWorker.removeEventListener('message', open);
  }, [router]);

  const offerDue = () => {
    if (pushPermission() === 'default' && !offerMade()) setDue(true);
  };
  useUserPush(
    'bets',
    (event) => {
      const push = asBetPush(event);
      if (push && isOpenTicket(push.status)) offerDue();
    },
    loggedIn,
  );
  useUserPush(
    'balance',
    (event) => {
      if (isDepositCredited(event)) offerDue();
    },
    loggedIn,
  );

  if (!offer) return null;
  const done = () => {
    rememberOffer();
    setDue(false);
    setOffer(false);
  };
  return <PushOffer onDone={done} />;
}

function PushOffer({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const turnOn = async () => {
    setBusy(true);
    const on = await turnOnPush().catch(() => false);
    setBusy(false);
    showToast(on ? 'success' : 'info', t(on ? 'push.offerOn' : 'push.offerBlocked'));
    onDone();
  };
  return (
    <Sheet
      title={t('push.offerTitle')}
      closeLabel={t('push.notNow')}
      onClose={onDone}
      testId="push-offer"
      footer={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onDone}>
            {t('push.notNow')}
          </Button>
          <Button busy={busy} onClick={() => void turnOn()} data-testid="push-offer-on">
            {t('push.turnOn')}
          </Button>
        </div>
      }
    >
      <p className={styles.text}>{t('push.offerBody')}</p>
    </Sheet>
  );
}
