import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { choosePrivacy } from '../api/events/consent';
import { NECESSARY_EVENTS } from '../contract/events';
import { privacy } from '../stores/privacy';
import { Button } from '../ui/Button';
import styles from './ConsentPrompt.module.css';

/**
 * The first-visit privacy choice (issue 39; the Data Privacy Act of 2012): optional analytics only with
 * the player's yes; the necessary events, always on, listed. Shown once the page is up (Shell), until
 * answered; the answer can be changed in /settings.
 */
export function ConsentPrompt() {
  const { t } = useTranslation();
  const { analytics } = useSnapshot(privacy);
  if (analytics !== 'unset') return null;
  return (
    <section className={styles.prompt} aria-labelledby="consent-title" data-testid="consent-prompt">
      <h2 id="consent-title" className={styles.title}>
        {t('privacy.promptTitle')}
      </h2>
      <p className={styles.text}>{t('privacy.promptBody')}</p>
      <details className={styles.details}>
        <summary>{t('privacy.necessaryTitle')}</summary>
        <ul>
          {NECESSARY_EVENTS.map((event) => (
            <li key={event.name}>{t(`privacy.necessary.${event.name}`)}</li>
          ))}
        </ul>
      </details>
      <div className={styles.actions}>
        <Button variant="ghost" size="small" onClick={() => choosePrivacy('denied')} data-testid="consent-refuse">
          {t('privacy.refuse')}
        </Button>
        <Button size="small" onClick={() => choosePrivacy('granted')} data-testid="consent-allow">
          {t('privacy.allow')}
        </Button>
      </div>
    </section>
  );
}
