import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { KycStatus } from '../../contract/kyc';
import { formatDateTime } from '../../lib/dates';
import { useKycStatus } from '../../hooks/useKycStatus';
import { preferences } from '../../stores/preferences';
import styles from './Kyc.module.css';

/**
 * The player's verification status and, until verified, the deadline rule of spec §5 with their date.
 * Asked on arrival; until the answer the status says it is checking (or is the last known one, marked).
 */
export function KycStatusSummary({ withDeadline = true }: { withDeadline?: boolean }) {
  const { t } = useTranslation();
  const { info, phase, describe } = useKycStatus();
  const { language } = useSnapshot(preferences);
  const approved = info.ekycStatus === KycStatus.Approved;
  const label = describe(t(`kyc.status.${info.ekycStatus}` as 'kyc.status.-1', { defaultValue: t('kyc.status.-1') }));
  return (
    <div className={styles.section}>
      <div className={styles.status}>
        <span>{t('kyc.status.title')}</span>
        <span className={approved && phase === 'current' ? styles.ok : styles.badge} data-testid="kyc-status" data-phase={phase}>
          {label}
        </span>
      </div>
      {withDeadline && !approved && info.known && <DeadlineRule days={info.kycDays} deadline={info.deadline} language={language} />}
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
