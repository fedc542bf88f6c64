import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { kycFlow } from '../../stores/kycFlow';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { refreshKycStatus } from '../../api/kycStatus';
import { startFaceCheck } from './api';
import type { FaceCaptureSearch } from './search';
import { StartVerification } from './StartVerification';
import { ConfirmStep, FaceStep, IdPhotoStep, StepBar, currentStep } from './Steps';
import { NoVerification, useAfterConfirm } from './ZolosPage';
import styles from './Kyc.module.css';

/**
 * The vendor steps as standalone pages (re-verification, 'Update Identity'): /TakePhotoKYC (ID type and
 * photo) → /face-capture (selfie) → /InformationConfirm (the read fields) → /kyc-information.
 */
export function TakePhotoPage() {
  const flow = useSnapshot(kycFlow);
  const navigate = useNavigate();
  const step = flow.transactionId ? currentStep(flow) : undefined;
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <StepBar step="id" />
        {step === 'id' ? (
          <IdPhotoStep onDone={() => void navigate({ to: '/face-capture' })} />
        ) : (
          <StartVerification onStarted={() => undefined} />
        )}
      </div>
    </PageLayout>
  );
}

/**
 * /face-capture: the selfie of the verification under way; or, with ?operation= (or with none under
 * way), the face check 'Verification Required' asks for before an operation: h5FaceCaptureInit, the
 * selfie, then back to where the player was.
 */
export function FaceCapturePage({ operation }: FaceCaptureSearch) {
  const flow = useSnapshot(kycFlow);
  const navigate = useNavigate();
  const verifying = !operation && flow.transactionId !== '' && currentStep(flow) === 'face';
  if (!verifying) return <FaceCheck operation={operation ?? 'profile'} />;
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <StepBar step="face" />
        <FaceStep
          transactionId={flow.transactionId}
          onDone={(key) => {
            kycFlow.faceImageKey = key;
            void navigate({ to: '/InformationConfirm' });
          }}
        />
      </div>
    </PageLayout>
  );
}

function FaceCheck({ operation }: { operation: NonNullable<FaceCaptureSearch['operation']> }) {
  const { t } = useTranslation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const [transactionId, setTransactionId] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setTransactionId((await startFaceCheck(operation)).transactionId);
    } catch {
      // The client said why.
    } finally {
      setBusy(false);
    }
  };
  const back = () => {
    void refreshKycStatus();
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/', replace: true });
  };
  return (
    <PageLayout flush>
      <div className={styles.page}>
        {done ? (
          <Notice icon="shield" title={t('kyc.face.title')} description={t('kyc.face.done')} role="status">
            <Button block onClick={back}>
              {t('kyc.face.back')}
            </Button>
          </Notice>
        ) : transactionId ? (
          <FaceStep transactionId={transactionId} onDone={() => setDone(true)} />
        ) : (
          <Notice icon="shield" title={t('kyc.prompt.faceTitle')} description={t('kyc.prompt.face')}>
            <Button block busy={busy} onClick={() => void start()}>
              {t('kyc.prompt.faceButton')}
            </Button>
          </Notice>
        )}
      </div>
    </PageLayout>
  );
}

/** /InformationConfirm: the fields read from the ID, to confirm; then the personal-information form. */
export function InformationConfirmPage() {
  const { t } = useTranslation();
  const flow = useSnapshot(kycFlow);
  const navigate = useNavigate();
  const afterConfirm = useAfterConfirm();
  if (!flow.transactionId || !flow.idImageKey) return <NoVerification />;
  const step = currentStep(flow);
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <StepBar step={step === 'info' ? 'info' : 'confirm'} />
        {step === 'info' ? (
          <Button block onClick={() => void navigate({ to: '/kyc-information' })}>
            {t('kyc.continueInfo')}
          </Button>
        ) : (
          <ConfirmStep onDone={afterConfirm} />
        )}
      </div>
    </PageLayout>
  );
}
