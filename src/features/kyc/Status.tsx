import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { KycStatus } from '../../contract/kyc';
import { formatDateTime } from '../../lib/dates';
import { kyc } from '../../stores/kyc';
import { preferences } from '../../stores/preferences';
import styles from './Kyc.module.css';

/** The player's verification status and, until verified, the deadline rule of spec §5 with their date. */
export function KycStatusSummary({ withDeadline = true }: { withDeadline?: boolean }) {
  const { t } = useTranslation();
  const info = useSnapshot(kyc);
  const { language } = useSnapshot(preferences);
  const approved = info.ekycStatus === KycStatus.Approved;
  const label = t(`kyc.status.${info.ekycStatus}` as 'kyc.status.-1', { defaultValue: t('kyc.status.-1') });
  return (
    <div className={styles.section}>
      <div className={styles.status}>
        <span>{t('kyc.status.title')}</span>
        <span className={approved ? styles.ok : styles.badge} data-testid="kyc-status">
          {label}
        </span>
      </div>
      {withDeadline && !approved && <DeadlineRule days={info.kycDays} deadline={info.deadline} language={language} />}
      {!approved && info.restricted && (
        <p className={styles.warning} role="alert">
          {t('kyc.restricted')}
        </p>
      )}
    </div>
  );
}

export function DeadlineRule({ days, deadline, language }: { days: number; deadline: string | null; language: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.notice}>
      {t('kyc.deadlineRule', { days })}
      {deadline ? ` ${t('kyc.deadlineOn', { date: formatDateTime(deadline, language) })}` : ''}
    </p>
  );
}
