import { SettingsPage } from '../../features/account/SettingsPage';
import { PushSettings } from '../push/PushSettings';

/** /settings with Web Push's notification switches (composed here: features do not import each other). */
export function SettingsRoute() {
  return <SettingsPage notifications={<PushSettings />} />;
}
