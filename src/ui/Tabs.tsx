import type { ReactNode } from 'react';
import styles from './Tabs.module.css';

export { styles as tabStyles };

/**
 * A row of tabs. The caller renders each tab with `tabStyles.tab`: a router link carries aria-current, a
 * filter button aria-pressed (a toggle: aria-selected belongs to role=tab in a tablist, as the login
 * dialog's tabs have it), so this kit stays free of the router.
 */
export function TabBar({
  label,
  variant = 'underline',
  children,
}: {
  label: string;
  variant?: 'underline' | 'pills';
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={`${styles.tabs} ${variant === 'pills' ? styles.pills : ''}`}>
      {children}
    </nav>
  );
}
