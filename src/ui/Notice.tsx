import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import styles from './Notice.module.css';

/** A centred message: an icon, a title, what it means and what the player can do. */
export function Notice({
  icon,
  title,
  description,
  note,
  children,
  role,
}: {
  icon: IconName;
  title: string;
  description?: string | undefined;
  note?: string;
  children?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <section className={styles.wrap} role={role}>
      <span className={styles.badge} aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <h2 className={styles.title}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      {note && <p className={styles.note}>{note}</p>}
      {children}
    </section>
  );
}
