import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { canStartVerification } from '../../lib/kycRules';
import { kyc } from '../../stores/kyc';
import buttonStyles from '../../ui/Button.module.css';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import { StartVerification } from './StartVerification';
import { KycStatusSummary } from './Status';
import styles from './Kyc.module.css';

/**
 * /EKYCAutomation, the KYC submission (and where forced new-user eKYC and the deadline dialog lead):
 * the status, the deadline rule, the ID type and Start. When there is nothing to start (under review,
 * verified, refused, today's attempts used) it says so and leads to /KycResult.
 */
export function EkycAutomationPage() {
  const { t } = useTranslation();
  const info = useSnapshot(kyc);
  const navigate = useNavigate();
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <KycStatusSummary />
        {/* Nothing to start or to read is offered before the status is known (KycStatusSummary asks for it). */}
        {!info.known ? (
          <Skeleton height={48} radius={12} />
        ) : !canStartVerification(info) ? (
          <Link to="/KycResult" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('kyc.viewResult')}
          </Link>
        ) : (
          <StartVerification onStarted={() => void navigate({ to: '/ekyc-zolos' })} />
        )}
        <Link to="/aboutKYC" className={styles.text}>
          {t('kyc.learnMore')}
        </Link>
      </div>
    </PageLayout>
  );
}
