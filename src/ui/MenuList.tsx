import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from './Icon';
import styles from './MenuList.module.css';

export interface MenuItem {
  to: string;
  label: string;
  icon: IconName;
  /** A count shown beside the label (unread messages); nothing when 0. */
  badge?: number;
}

/** A grouped list of links, the way account and help menus look on a phone. */
export function MenuList({ heading, items }: { heading?: string; items: readonly MenuItem[] }) {
  return (
    <>
      {heading && <h2 className={styles.heading}>{heading}</h2>}
      <ul className={styles.group}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.row}>
              <span className={styles.icon}>
                <Icon name={item.icon} size={20} />
              </span>
              <span className={styles.label}>{item.label}</span>
              {item.badge ? (
                <span className={styles.badge} aria-label={String(item.badge)}>
                  {item.badge > 99 ? '99+' : item.badge}
                </span>
              ) : null}
              <span className={styles.chevron}>
                <Icon name="chevron" size={18} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
