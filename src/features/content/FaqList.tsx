import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/Icon';
import { useDocs } from './docs';
import styles from './Doc.module.css';
import { FAQ_ARTICLES } from '../../contract/faq/types';

/** The six FAQ articles of spec §2 with their titles and summaries. */
export function FaqList() {
  const docs = useDocs(FAQ_ARTICLES);
  return (
    <ul className={styles.list}>
      {FAQ_ARTICLES.map((slug, index) => (
        <li key={slug}>
          <Link to="/faq/$article" params={{ article: slug }} className={styles.item}>
            <span className={styles.itemText}>
              <span className={styles.itemTitle}>{docs[index]?.title}</span>
              <span className={styles.itemSummary}>{docs[index]?.summary}</span>
            </span>
            <span className={styles.chevron}>
              <Icon name="chevron" size={18} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
