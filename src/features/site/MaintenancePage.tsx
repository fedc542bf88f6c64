import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_ZONE } from '../../contract/constants';
import { Button } from '../../ui/Button';
import { siteMaintenanceQuery } from './api';
import { readMaintenance, storedMaintenanceImage } from './maintenanceStore';
import styles from './MaintenancePage.module.css';
import type { MaintenanceSearch } from './search';

const BUILT_IN_IMAGE = '/maintenance/aph5.svg';

function useStoredImage(): string {
  const [src, setSrc] = useState(BUILT_IN_IMAGE);
  useEffect(() => {
    let url: string | undefined;
    let alive = true;
    void storedMaintenanceImage().then((blob) => {
      if (!blob || !alive) return;
      url = URL.createObjectURL(blob);
      setSrc(url);
    });
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);
  return src;
}

/**
 * The maintenance page (spec §4): the stored maintenance image, the operator's message and when it ends.
 * The service worker also lands here (with ?offline=1) when a page is asked for with no network.
 */
export function MaintenancePage({ offline: offlineFlag, from }: MaintenanceSearch) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const image = useStoredImage();
  const [checking, setChecking] = useState(false);
  const offline = offlineFlag === '1';
  const stored = readMaintenance();
  const endTime = stored.endTime ? new Date(stored.endTime) : null;

  const retry = async () => {
    if (offline) {
      location.assign(from ?? '/');
      return;
    }
    setChecking(true);
    await queryClient.refetchQueries({ queryKey: siteMaintenanceQuery.queryKey }).catch(() => undefined);
    setChecking(false);
  };

  return (
    <main className={styles.page}>
      <img className={styles.image} src={image} alt="" width={320} height={240} />
      <h1 className={styles.title}>{offline ? t('maintenance.offlineTitle') : t('maintenance.title')}</h1>
      <p className={styles.message}>{offline ? t('maintenance.offlineMessage') : stored.message || t('maintenance.message')}</p>
      {!offline && endTime && !Number.isNaN(endTime.getTime()) && (
        <p className={styles.until}>
          {t('maintenance.until', {
            time: new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : 'en-PH', {
              timeZone: TIME_ZONE,
              month: 'short',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              hour12: false,
            }).format(endTime),
          })}
        </p>
      )}
      <Button onClick={() => void retry()} busy={checking}>
        {t('common.retry')}
      </Button>
    </main>
  );
}
