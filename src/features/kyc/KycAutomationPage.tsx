import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { KycStatus } from '../../contract/kyc';
import { kycEntryPage } from '../../lib/kycRules';
import { kyc } from '../../stores/kyc';
import buttonStyles from '../../ui/Button.module.css';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { KycStatusSummary } from './Status';
import styles from './Kyc.module.css';

/** /KYCAutomation: the status-aware entry (account and security links): the status, then the one next step. */
export function KycAutomationPage() {
  const { t } = useTranslation();
  const info = useSnapshot(kyc);
  const next = kycEntryPage(info);
  const approved = info.ekycStatus === KycStatus.Approved;
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <KycStatusSummary />
        {info.cankycTime > 0 && !approved && <p className={styles.text}>{t('kyc.attemptsLeft', { count: info.cankycTime })}</p>}
        {/* The next step follows from the status: none is offered before the status is known. */}
        {info.known ? (
          <Link to={next} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {next === '/KycResult' ? t('kyc.viewResult') : next === '/TakePhotoKYC' ? t('kyc.result.updateButton') : t('kyc.verify')}
          </Link>
        ) : (
          <Skeleton height={48} radius={12} />
        )}
        <Link to="/aboutKYC" className={styles.text}>
          {t('kyc.learnMore')}
        </Link>
      </div>
    </PageLayout>
  );
}
