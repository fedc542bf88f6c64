/**
 * The connection the browser reports (Network Information API, Chromium and Android WebViews; absent
 * elsewhere). Video never starts by itself when the player asked to save data or the link is slow:
 * mobile data is dear (issue 37, data saver).
 */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function slowConnection(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformation }) | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}
