import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { KycStatus } from '../../contract/kyc';
import { kycFlow } from '../../stores/kycFlow';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { refreshKycStatus } from '../../api/kycStatus';
import type { SubmitResult } from './api';
import { ConfirmStep, FaceStep, IdPhotoStep, STEPS, StepBar, currentStep } from './Steps';
import styles from './Kyc.module.css';

/**
 * /ekyc-zolos: the vendor's steps in one page (ZOLOZ Real ID's H5 flow): the ID photo (read by OCR),
 * the selfie (matched to it), the read fields to confirm, then on to the personal-information form.
 */
export function ZolosPage() {
  const { t } = useTranslation();
  const flow = useSnapshot(kycFlow);
  const navigate = useNavigate();
  const afterConfirm = useAfterConfirm();
  if (!flow.transactionId) return <NoVerification />;
  const step = currentStep(flow);
  return (
    // Each step its own title (the page is four steps of the vendor's flow), apart from the step's heading.
    <PageLayout flush title={t('kyc.stepTitle', { n: STEPS.indexOf(step) + 1, name: t(`kyc.steps.${step}`) })}>
      <div className={styles.page}>
        <StepBar step={step} />
        {step === 'id' && <IdPhotoStep />}
        {step === 'face' && <FaceStep transactionId={flow.transactionId} onDone={(key) => (kycFlow.faceImageKey = key)} />}
        {step === 'confirm' && <ConfirmStep onDone={afterConfirm} />}
        {step === 'info' && (
          <Button block onClick={() => void navigate({ to: '/kyc-information' })}>
            {t('kyc.continueInfo')}
          </Button>
        )}
      </div>
    </PageLayout>
  );
}

/**
 * After the player confirmed the read fields: a refusal (the ID is on another account: 'repeated') goes
 * to /KycResult, which explains it; otherwise on to the personal-information form, which submits.
 */
export function useAfterConfirm(): (result: SubmitResult) => void {
  const navigate = useNavigate();
  return (result) => {
    void refreshKycStatus();
    if (result.ekycStatus === KycStatus.SystemRejected || result.ekycStatus === KycStatus.ManuallyRejected) {
      void navigate({ to: '/KycResult', replace: true });
    } else {
      void navigate({ to: '/kyc-information' });
    }
  };
}

/**
 * A step page with no verification under way in this tab (opened directly, or after a reload). It does
 * not guess the player's status ('Not verified yet' was wrong for a verified player): the entry page says it.
 */
export function NoVerification() {
  const { t } = useTranslation();
  return (
    <PageLayout flush>
      <Notice icon="shield" title={t('kyc.noFlowTitle')} description={t('kyc.noFlow')}>
        <Link to="/KYCAutomation" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('kyc.toStatus')}
        </Link>
      </Notice>
    </PageLayout>
  );
}
