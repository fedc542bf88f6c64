import { AntiAddictionWatcher } from './AntiAddictionWatcher';
import { KycWatcher } from './KycWatcher';
import { LuckySpinEntry } from './LuckySpinEntry';
import { PushWatcher } from './PushWatcher';
import { ResponsibleGamingWatcher } from './ResponsibleGamingWatcher';
import { SecurityPrompt } from './SecurityPrompt';

/**
 * What watches the player's state and may raise a dialog (the KYC status and prompts, the security
 * prompt, the anti-addiction reminder, responsible gaming's reality check and offers, Web Push's opt-in and re-subscription): none of it is needed for a first screen, so it is its own chunk,
 * loaded by the Shell once the page is up.
 */
export function Watchers() {
  return (
    <>
      <SecurityPrompt />
      <KycWatcher />
      <AntiAddictionWatcher />
      <ResponsibleGamingWatcher />
      <LuckySpinEntry />
      <PushWatcher />
    </>
  );
}
