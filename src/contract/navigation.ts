/** Home tabs of spec §2 in the order the tab bar shows them; / lands on the saved one (default foryou). */
export const HOME_TABS = ['foryou', 'sports', 'games'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
export const DEFAULT_HOME_TAB: HomeTab = 'foryou';

export function isHomeTab(value: unknown): value is HomeTab {
  return typeof value === 'string' && (HOME_TABS as readonly string[]).includes(value);
}
