import { proxy } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { StorageKey } from '../contract/storageKeys';
import { DATA_SAVER_COOKIE, type DataSaverReason, type DataSaverSetting, dataSaverDecision, isDataSaverSetting } from '../lib/dataSaver';
import { connectionOf, connectionSignals } from '../lib/network';
import { local } from '../lib/storage';

/**
 * Data-saver mode (issue 38; the rules are src/lib/dataSaver.ts): the player's setting, kept on this
 * device, and whether the mode is on now, which follows the browser's connection while the setting is
 * Auto (navigator.connection's `change`: a link that drops to 3G turns it on).
 */
export const dataSaver = proxy({
  setting: 'auto' as DataSaverSetting,
  on: false,
  reason: 'none' as DataSaverReason,
});

/** Tells the server the player's own choice for the next page's first HTML (none for Auto). */
function writeCookie(setting: DataSaverSetting): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    setting === 'auto'
      ? `${DATA_SAVER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${DATA_SAVER_COOKIE}=${setting}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function decide(): void {
  const { on, reason } = dataSaverDecision(dataSaver.setting, connectionSignals());
  dataSaver.on = on;
  dataSaver.reason = reason;
}

/** The player's choice in /settings. */
export function chooseDataSaver(setting: DataSaverSetting): void {
  dataSaver.setting = setting;
}

{
  const saved = local.get<unknown>(StorageKey.dataSaver, 'auto');
  dataSaver.setting = isDataSaverSetting(saved) ? saved : 'auto';
  decide();
  subscribeKey(dataSaver, 'setting', (setting) => {
    local.set(StorageKey.dataSaver, setting);
    writeCookie(setting);
    decide();
  });
  connectionOf()?.addEventListener?.('change', decide);
}
