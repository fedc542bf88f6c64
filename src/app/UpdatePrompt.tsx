import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../stores/ui';
import { Button } from '../ui/Button';
import { applyUpdate } from './pwa';
import styles from './UpdatePrompt.module.css';

/** Offers a waiting new version; applied only when the player taps Update. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateReady } = useSnapshot(ui);
  const [later, setLater] = useState(false);
  if (!updateReady || later) return null;
  return (
    <div className={styles.bar} role="status" data-testid="update-prompt">
      <span className={styles.text}>{t('pwa.updateReady')}</span>
      <Button variant="ghost" size="small" onClick={() => setLater(true)}>
        {t('common.later')}
      </Button>
      <Button size="small" onClick={applyUpdate}>
        {t('common.update')}
      </Button>
    </div>
  );
}
