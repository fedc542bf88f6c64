import { type KeyboardEvent, type ReactNode, type Ref, useId } from 'react';
import styles from './Tabs.module.css';

export { styles as tabStyles };

/**
 * A row of navigation links or filter buttons. The caller renders each tab with `tabStyles.tab`: a router link carries aria-current, a
 * filter button aria-pressed (a toggle: aria-selected belongs to role=tab in a tablist, as the login
 * dialog's tabs have it), so this kit stays free of the router.
 */
export function TabBar({
  label,
  variant = 'underline',
  children,
  ref,
}: {
  label: string;
  variant?: 'underline' | 'pills';
  children: ReactNode;
  /** The bar's element (an exposure is recorded on it, for one). */
  ref?: Ref<HTMLElement>;
}) {
  return (
    <nav ref={ref} aria-label={label} className={`${styles.tabs} ${variant === 'pills' ? styles.pills : ''}`}>
      {children}
    </nav>
  );
}

/**
 * A real tab set (one panel whose content the tabs swap, as the login dialog's SMS / password and the
 * messages' inbox / notices): props for the role=tablist row, each role=tab button and the role=tabpanel,
 * wired with ids (aria-controls, aria-labelledby). Only the selected tab is in the Tab order; the arrow
 * keys, Home and End move to and select another (WAI-ARIA tabs pattern, automatic activation).
 */
export function useTabs<T extends string | number>(values: readonly T[], selected: T, select: (value: T) => void) {
  const base = useId();
  const tabId = (value: T) => `${base}tab-${value}`;
  const panelId = `${base}panel`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = values.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? values[(index + 1) % values.length]
        : event.key === 'ArrowLeft'
          ? values[(index - 1 + values.length) % values.length]
          : event.key === 'Home'
            ? values[0]
            : event.key === 'End'
              ? values[values.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    document.getElementById(tabId(next))?.focus();
  };
  return {
    tabList: (label: string) => ({ role: 'tablist', 'aria-label': label }) as const,
    tab: (value: T) =>
      ({
        type: 'button',
        role: 'tab',
        id: tabId(value),
        'aria-selected': value === selected,
        'aria-controls': panelId,
        tabIndex: value === selected ? 0 : -1,
        onClick: () => select(value),
        onKeyDown,
      }) as const,
    /** `named: false` where the tab's name is also a field's in the panel (a second 'Password' to a screen reader). */
    panel: ({ named = true }: { named?: boolean } = {}) =>
      ({ role: 'tabpanel', id: panelId, 'aria-labelledby': named ? tabId(selected) : undefined }) as const,
  };
}
