import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snapshot } from 'valtio';
import { requestHandoff } from '../../api/handoff';
import type { HandoffAnswer } from '../../contract/partners';
import { kycFlow } from '../../stores/kycFlow';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import styles from './Kyc.module.css';

/**
 * The camera step inside a host whose web view has no camera and no file picker (Maya, issue 36): a
 * single-use link (10 minutes) that opens this step in the phone's browser or the Panalo app, logged in,
 * with the verification where it stopped. The link is shown and copied: Maya opens no outside browser.
 */
export function Handoff() {
  const { t } = useTranslation();
  const [link, setLink] = useState<HandoffAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    const state = JSON.stringify({ kycFlow: snapshot(kycFlow) });
    requestHandoff({ path: location.pathname, state }).then(
      (answer) => alive && setLink(answer),
      () => alive && setFailed(true),
    );
    return () => void (alive = false);
  }, [attempt]);

  const url = link ? new URL(link.url, location.origin).href : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="kyc-handoff">
      <h3 id="kyc-handoff" className={styles.title}>
        {t('kyc.handoff.title')}
      </h3>
      <p className={styles.text}>{t('kyc.handoff.body')}</p>
      {failed ? (
        <>
          <p className={styles.warning} role="alert">
            {t('kyc.handoff.failed')}
          </p>
          <Button
            block
            variant="secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('kyc.handoff.retry')}
          </Button>
        </>
      ) : !link ? (
        <p className={styles.text}>{t('kyc.handoff.making')}</p>
      ) : (
        <>
          <label className={styles.text}>
            {t('kyc.handoff.link')}
            <input
              className={styles.handoffLink}
              data-testid="handoff-link"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <Button block onClick={() => void copy()}>
            {t('kyc.handoff.copy')}
          </Button>
          {copied && (
            <p className={styles.text} role="status">
              {t('kyc.handoff.copied')}
            </p>
          )}
          <a className={`${buttonStyles.button} ${buttonStyles.secondary}`} href={link.appUrl}>
            {t('kyc.handoff.openApp')}
          </a>
        </>
      )}
    </section>
  );
}
