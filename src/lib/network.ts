import { type ConnectionSignals, SLOW_EFFECTIVE_TYPES } from './dataSaver';

/**
 * The connection the browser reports (Network Information API, Chromium and Android WebViews; absent
 * elsewhere), read by the data-saver mode (./dataSaver.ts, src/stores/dataSaver.ts).
 */
interface NetworkInformation extends ConnectionSignals, EventTarget {}

export function connectionOf(
  nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): NetworkInformation | undefined {
  return (nav as (Navigator & { connection?: NetworkInformation }) | undefined)?.connection;
}

/** What the browser says of its link now. */
export function connectionSignals(nav?: Navigator): ConnectionSignals {
  const connection = connectionOf(nav);
  return connection ? { saveData: connection.saveData, effectiveType: connection.effectiveType } : {};
}

/** The browser asks to save data or the link is 2G/3G. */
export function slowConnection(nav?: Navigator): boolean {
  const { saveData, effectiveType } = connectionSignals(nav);
  return saveData === true || SLOW_EFFECTIVE_TYPES.includes(effectiveType ?? '');
}
