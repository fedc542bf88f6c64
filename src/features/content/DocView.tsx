import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SERVICE_PATH } from '../../lib/navigation';
import styles from './Doc.module.css';
import type { ContentDoc } from './docs/types';

/** A help or legal document: summary, revision date, sections. */
export function DocView({ doc }: { doc: ContentDoc }) {
  const { t, i18n } = useTranslation();
  const updated = new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : 'en-PH', {
    dateStyle: 'long',
    timeZone: 'Asia/Manila',
  }).format(new Date(`${doc.updated}T00:00:00+08:00`));
  return (
    <article className={styles.doc}>
      <p className={styles.summary}>{doc.summary}</p>
      <p className={styles.updated}>{t('content.lastUpdated', { date: updated })}</p>
      {doc.sections.map((section, index) => (
        <section key={index} className={styles.section}>
          {section.heading && <h2>{section.heading}</h2>}
          {section.paragraphs?.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <Link to={CUSTOMER_SERVICE_PATH} className={styles.help}>
        {t('content.needHelp')}
      </Link>
    </article>
  );
}
