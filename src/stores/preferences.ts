import { proxy, subscribe } from 'valtio/vanilla';
import { DEFAULT_ODDS_ACCEPTANCE, type OddsAcceptance } from '../contract/acceptance';
import { DEFAULT_ODDS_TYPE, type OddsType } from '../contract/sports';
import { StorageKey } from '../contract/storageKeys';
import { DEFAULT_HOME_TAB, type HomeTab, isHomeTab } from '../contract/navigation';
import { local } from '../lib/storage';
import { persistFields } from './persist';

export type LanguageCode = 'en' | 'cn';
export type LayoutType = 'standard' | 'compact';
/** What to do when a price on the slip changes (spec §4 'Odds Changed'): the contract's rule. */
export type OddsChangeAcceptance = OddsAcceptance;

/** The player's preferences; they live on the device, so a visitor has them too. */
export const preferences = proxy({
  language: 'en' as LanguageCode,
  oddsType: DEFAULT_ODDS_TYPE as OddsType,
  layout: 'standard' as LayoutType,
  acceptOddsChange: DEFAULT_ODDS_ACCEPTANCE as OddsChangeAcceptance,
  /** Stored key `user_default_tab` (spec §3): where / lands. */
  defaultTab: DEFAULT_HOME_TAB as HomeTab,
  /** Stored key `seamless` (spec §3), default true: bets draw straight from the main wallet. */
  seamless: true,
});

persistFields(preferences, StorageKey.preferences, ['language', 'oddsType', 'layout', 'acceptOddsChange']);

// user_default_tab and seamless are stored under their own keys, as spec §3 names them.
{
  const savedTab = local.get<unknown>(StorageKey.user_default_tab, DEFAULT_HOME_TAB);
  preferences.defaultTab = isHomeTab(savedTab) ? savedTab : DEFAULT_HOME_TAB;
  preferences.seamless = local.get<unknown>(StorageKey.seamless, true) !== false;
  if (preferences.language !== 'en' && preferences.language !== 'cn') preferences.language = 'en';
  subscribe(preferences, () => {
    local.set(StorageKey.user_default_tab, preferences.defaultTab);
    local.set(StorageKey.seamless, preferences.seamless);
  });
}
