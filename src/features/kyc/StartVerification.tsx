import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KycIdType } from '../../contract/kyc';
import { clearKycDraft } from '../../stores/kycDraft';
import { beginKycFlow } from '../../stores/kycFlow';
import { Button } from '../../ui/Button';
import { refreshKycStatus } from '../../api/kycStatus';
import { initialize } from './api';
import styles from './Kyc.module.css';

/** The 13 accepted IDs of spec §3, in the spec's order. */
const ID_TYPES = Object.values(KycIdType);

/**
 * The ID type picker and 'Start verification': h5initialize opens a vendor transaction (one of the day's
 * attempts), kept in the tab's flow; `onStarted` moves on to the photo steps.
 */
export function StartVerification({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const [docType, setDocType] = useState<KycIdType>(KycIdType.DriversLicense);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const answer = await initialize(docType);
      beginKycFlow(answer.transactionId, docType);
      clearKycDraft();
      onStarted();
    } catch {
      // The client said why (daily limit, closed, vendor down); the status may have moved.
      void refreshKycStatus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.section}>
      <fieldset className={styles.idTypes}>
        <legend className={styles.title}>{t('kyc.chooseId')}</legend>
        {ID_TYPES.map((type) => (
          <label key={type} className={styles.idType}>
            <input type="radio" name="docType" value={type} checked={docType === type} onChange={() => setDocType(type)} />
            {t(`kyc.idTypes.${type}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.text}>{t('kyc.chooseIdHint')}</p>
      <Button block busy={busy} onClick={() => void start()}>
        {t('kyc.start')}
      </Button>
    </div>
  );
}
