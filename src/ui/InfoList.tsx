import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon } from './Icon';
import styles from './InfoList.module.css';

export interface InfoRow {
  label: string;
  value: ReactNode;
  /** A page where the value is changed. */
  to?: string;
  /** Or an action on this page. */
  onPress?: () => void;
  /** What the action does, in a word or two ('Copy'): said after a text value, not shown. */
  actionLabel?: string;
}

/**
 * Label and value rows, each optionally leading to where it is changed. A row that leads somewhere is
 * named by what it shows, label then value ('Nickname Demo Player': WCAG 2.5.3, Label in Name); the
 * space between them is read, not drawn (a flex row drops it).
 */
export function InfoList({ rows }: { rows: readonly InfoRow[] }) {
  return (
    <div className={styles.list}>
      {rows.map((row) => {
        const content = (
          <>
            <span className={styles.label}>{row.label}</span> <span className={styles.value}>{row.value}</span>
            {(row.to || row.onPress) && (
              <span className={styles.chevron} aria-hidden="true">
                <Icon name="chevron" size={18} />
              </span>
            )}
          </>
        );
        if (row.to) {
          return (
            <Link key={row.label} to={row.to} className={styles.row}>
              {content}
            </Link>
          );
        }
        if (row.onPress) {
          // 'Login name pn123, Copy': what it shows, then what it does.
          const name = row.actionLabel && typeof row.value === 'string' ? `${row.label} ${row.value}, ${row.actionLabel}` : undefined;
          return (
            <button key={row.label} type="button" className={styles.row} onClick={row.onPress} aria-label={name}>
              {content}
            </button>
          );
        }
        return (
          <div key={row.label} className={styles.row}>
            {content}
          </div>
        );
      })}
    </div>
  );
}
