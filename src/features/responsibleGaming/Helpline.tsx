import { useTranslation } from 'react-i18next';
import { RG_HELPLINE, RG_HELPLINE_TEL } from '../../contract/responsibleGaming';
import styles from './ResponsibleGaming.module.css';

/** The national problem-gambling helpline, on every view of the page (visitors too). */
export function Helpline() {
  const { t } = useTranslation();
  return (
    <section className={`${styles.card} ${styles.helpline}`} aria-labelledby="rg-helpline">
      <h2 id="rg-helpline" className={styles.cardTitle}>
        {t('rg.helplineTitle')}
      </h2>
      <p className={styles.text}>{t('rg.helplineBody')}</p>
      <a className={styles.call} href={RG_HELPLINE_TEL} data-testid="rg-helpline">
        {t('rg.helplineCall', { number: RG_HELPLINE })}
      </a>
    </section>
  );
}
