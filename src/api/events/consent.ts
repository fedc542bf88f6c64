import { chooseAnalytics } from '../../stores/privacy';
import { events } from '.';

/**
 * The player's analytics choice (the first-visit prompt, /settings): kept on the device, applied to what
 * waits (refused: the optional events waiting are dropped), and recorded as a necessary event.
 */
export function choosePrivacy(choice: 'granted' | 'denied'): void {
  chooseAnalytics(choice);
  events.consentChanged();
  events.necessary('consentChoice');
}
