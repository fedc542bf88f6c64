import type { ReactNode } from 'react';
import { Icon } from './Icon';
import styles from './NavBar.module.css';

/** The top bar of an inner page: back, title, an optional action. */
export function NavBar({ title, backLabel, onBack, action }: { title: string; backLabel: string; onBack: () => void; action?: ReactNode }) {
  return (
    <header className={styles.bar} data-action={action ? '' : undefined}>
      <button type="button" className={styles.back} onClick={onBack} aria-label={backLabel}>
        <Icon name="back" />
      </button>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.action}>{action}</div>
    </header>
  );
}
