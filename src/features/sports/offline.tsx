import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedStatus } from '../../contract/realtime';
import { manilaTime } from '../../lib/dates';
import styles from './MatchRow.module.css';

/**
 * A view shown from the copy kept on the device while the network is gone (FeedStatus 'offline'): its
 * prices are marked with their time and cannot be picked.
 */
export interface OfflineView {
  /** When the prices shown were last known current (epoch ms); null: none kept on this device. */
  asOf: number | null;
}

const OfflineContext = createContext<OfflineView | null>(null);

/** Price buttons under this provider cannot be picked while `offline` is set. */
export const OfflineProvider = OfflineContext.Provider;

/** The offline view the prices around belong to; null while they are live. */
export function useOfflineView(): OfflineView | null {
  return useContext(OfflineContext);
}

/**
 * The views of a page as one offline mark: offline when any is, as of the oldest copy shown (null when
 * none was kept), else null.
 */
export function offlineOf(views: readonly { status: FeedStatus; asOf: number | null }[]): OfflineView | null {
  const offline = views.filter((view) => view.status === 'offline');
  if (offline.length === 0) return null;
  const times = offline.map((view) => view.asOf).filter((asOf): asOf is number => asOf !== null);
  return { asOf: times.length ? Math.min(...times) : null };
}

/** Over a view shown from the device: 'Offline · prices from 14:32' (Manila time), or that none were kept. */
export function OfflineBanner({ view }: { view: OfflineView }) {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="status" data-testid="offline-prices">
      {view.asOf !== null ? t('sports.offlineAsOf', { time: manilaTime(view.asOf) }) : t('sports.offlineNothing')}
    </div>
  );
}
