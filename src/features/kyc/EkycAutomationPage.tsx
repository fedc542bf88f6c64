import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { canStartVerification } from '../../lib/kycRules';
import { kyc } from '../../stores/kyc';
import buttonStyles from '../../ui/Button.module.css';
import { PageLayout } from '../../ui/PageLayout';
import { refreshKycStatus } from './api';
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
  useEffect(() => void refreshKycStatus(), []);
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <KycStatusSummary />
        {info.known && !canStartVerification(info) ? (
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
