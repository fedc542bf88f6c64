import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon';
import styles from './OfflineBanner.module.css';

function subscribe(callback: () => void) {
  addEventListener('online', callback);
  addEventListener('offline', callback);
  return () => {
    removeEventListener('online', callback);
    removeEventListener('offline', callback);
  };
}

/** A thin line at the top while the device has no network: the page still works from what it has. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className={styles.banner} role="status">
      <Icon name="wifiOff" size={14} />
      {t('pwa.offline')}
    </div>
  );
}
