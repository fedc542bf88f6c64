import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { kycEntryPage } from '../../lib/kycRules';
import { kyc } from '../../stores/kyc';
import { preferences } from '../../stores/preferences';
import { isLoggedIn } from '../../stores/session';
import buttonStyles from '../../ui/Button.module.css';
import { PageLayout } from '../../ui/PageLayout';
import { DeadlineRule } from './Status';
import styles from './Kyc.module.css';

/** /aboutKYC: why PAGCOR asks, what the player needs, how long it takes, by when, and what happens to their data. */
export function AboutKycPage() {
  const { t } = useTranslation();
  const info = useSnapshot(kyc);
  const { language } = useSnapshot(preferences);
  const list = (key: 'kyc.about.need' | 'kyc.about.steps') => t(key, { returnObjects: true }) as unknown as string[];
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.about.whyTitle')}</h2>
          <p className={styles.text}>{t('kyc.about.why')}</p>
        </section>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.about.needTitle')}</h2>
          <ul className={styles.list}>
            {list('kyc.about.need').map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.about.stepsTitle')}</h2>
          <ol className={styles.list}>
            {list('kyc.about.steps').map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.about.deadlineTitle')}</h2>
          <DeadlineRule days={info.kycDays} deadline={info.deadline} language={language} />
        </section>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.about.privacyTitle')}</h2>
          <p className={styles.text}>
            {t('kyc.about.privacy')} <Link to="/privacy-policy">{t('kyc.about.privacyLink')}</Link>
          </p>
        </section>
        <Link to={isLoggedIn() ? kycEntryPage(info) : '/KYCAutomation'} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('kyc.about.start')}
        </Link>
      </div>
    </PageLayout>
  );
}
