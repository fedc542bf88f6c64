import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../stores/ui';
import styles from './Wallet.module.css';

/** Copies a value and says whether it worked (spec §5: 'Copy successfully' or 'Copy failed'). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(value);
    showToast(ok ? 'success' : 'fail', t(ok ? 'common.copySuccess' : 'common.copyFail'));
  };
  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={t('wallet.copyLabel', { what: label })}>
      {t('wallet.copy')}
    </button>
  );
}
