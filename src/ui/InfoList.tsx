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
  actionLabel?: string;
}

/** Label and value rows, each optionally leading to where it is changed. */
export function InfoList({ rows }: { rows: readonly InfoRow[] }) {
  return (
    <dl className={styles.list}>
      {rows.map((row) => {
        const content = (
          <>
            <dt className={styles.label}>{row.label}</dt>
            <dd className={styles.value}>{row.value}</dd>
            {(row.to || row.onPress) && (
              <span className={styles.chevron} aria-hidden="true">
                <Icon name="chevron" size={18} />
              </span>
            )}
          </>
        );
        if (row.to) {
          return (
            <Link key={row.label} to={row.to} className={styles.row} aria-label={row.actionLabel ?? row.label}>
              {content}
            </Link>
          );
        }
        if (row.onPress) {
          return (
            <button key={row.label} type="button" className={styles.row} onClick={row.onPress} aria-label={row.actionLabel ?? row.label}>
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
    </dl>
  );
}
