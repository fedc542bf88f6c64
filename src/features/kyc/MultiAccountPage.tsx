import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SERVICE_PATH, customerServiceSearch } from '../../lib/navigation';
import buttonStyles from '../../ui/Button.module.css';
import { PageLayout } from '../../ui/PageLayout';
import styles from './Kyc.module.css';

/** /MultiAccount: why a duplicate ID was refused (one account per person) and what the player can do. */
export function MultiAccountPage() {
  const { t } = useTranslation();
  const options = t('kyc.multi.options', { returnObjects: true }) as unknown as string[];
  return (
    <PageLayout flush>
      <div className={styles.page}>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.multi.title')}</h2>
          <p className={styles.text}>{t('kyc.multi.body')}</p>
        </section>
        <section className={styles.section}>
          <h2 className={styles.title}>{t('kyc.multi.what')}</h2>
          <ul className={styles.list}>
            {options.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <Link to="/EKYCAutomation" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('kyc.multi.retry')}
        </Link>
        <Link
          to={CUSTOMER_SERVICE_PATH}
          search={customerServiceSearch('MultiAccount', { about: 'kyc' })}
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        >
          {t('common.customerService')}
        </Link>
      </div>
    </PageLayout>
  );
}
