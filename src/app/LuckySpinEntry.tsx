import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { StorageKey } from '../contract/storageKeys';
import { spinOpportunityQuery } from '../features/campaigns/api';
import { manilaDay } from '../lib/dates';
import { local } from '../lib/storage';
import { timers } from '../lib/timers';
import { attention, isPromptMoment } from '../stores/attention';
import { openOverlay, ui } from '../stores/ui';
import { Icon } from '../ui/Icon';
import { ROUTES } from './routes/table';
import styles from './LuckySpinEntry.module.css';

/** The lucky spin's floating icon comes 3 s after the page (spec §2). */
const ICON_DELAY_MS = 3_000;
const HOME_ROUTES: readonly string[] = ROUTES.filter((route) => 'homeTab' in route && route.homeTab).map((route) => route.name);

/**
 * The lucky spin's floating icon and its dialog's own opening (spec §2, §4): the icon 3 s after the page
 * while the player holds spins (awardTimes); on a home page the dialog opens by itself once a day (the
 * stored date `today`), and again when awardTimes rises (`opportunities`), at a natural pause
 * (src/stores/attention.ts): never over another overlay, nor once the player has started on the page (a
 * tap on Deposit, a field), when it waits for the next home page. `jackpotAmount` keeps the top prize for
 * the next visit.
 */
export function LuckySpinEntry() {
  const { t } = useTranslation();
  const { currentRouteName, overlays } = useSnapshot(ui);
  const moment = isPromptMoment(useSnapshot(attention));
  const [shown, setShown] = useState(false);
  /** The dialog should open by itself at the next pause on a home page (a latch, not something drawn). */
  const due = useRef(false);
  useEffect(() => {
    const timer = timers.setTimeout(() => setShown(true), ICON_DELAY_MS);
    return () => timers.clearTimeout(timer);
  }, []);
  const { data } = useQuery({ ...spinOpportunityQuery, enabled: shown });
  const awardTimes = data?.active ? data.awardTimes : 0;
  const onHome = HOME_ROUTES.includes(currentRouteName);
  useEffect(() => {
    if (!data) return;
    const before = local.get<number>(StorageKey.opportunities, 0);
    local.set(StorageKey.opportunities, awardTimes);
    local.set(StorageKey.jackpotAmount, data.jackpotAmount);
    if (awardTimes > 0 && (local.get<string>(StorageKey.today, '') !== manilaDay(Date.now()) || awardTimes > before)) due.current = true;
  }, [data, awardTimes]);
  useEffect(() => {
    if (!due.current || !onHome || !moment || overlays.length > 0) return;
    due.current = false;
    local.set(StorageKey.today, manilaDay(Date.now()));
    openOverlay('luckySpin');
  }, [data, onHome, moment, overlays.length]);
  if (!shown || awardTimes === 0) return null;
  return (
    <aside aria-label={t('campaigns.spin.title')}>
      <button type="button" className={styles.entry} onClick={() => openOverlay('luckySpin')} data-testid="lucky-spin-entry">
        <Icon name="gift" size={20} />
        {t('campaigns.spin.spins', { count: awardTimes })}
      </button>
    </aside>
  );
}
