import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/useOnline';
import { Icon } from '../ui/Icon';
import styles from './OfflineBanner.module.css';

/** A thin line at the top while the device has no network: the page still works from what it has. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.banner} role="status">
      <Icon name="wifiOff" size={14} />
      {t('pwa.offline')}
    </div>
  );
}
