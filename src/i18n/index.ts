import i18next from 'i18next';
import { startTransition } from 'react';
import { initReactI18next } from 'react-i18next';
import { type Resources, en } from './en';

/**
 * i18n (spec §5, §9): English by default and bundled; Chinese ('cn') downloaded only when chosen.
 * The language code is the contract's own ('en' | 'cn'); the page's `lang` attribute gets the real tag.
 */
export type AppLanguage = 'en' | 'cn';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

const HTML_LANG: Record<AppLanguage, string> = { en: 'en-PH', cn: 'zh-Hans' };

async function ensureBundle(language: AppLanguage): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const { cn } = await import('./cn');
  i18next.addResourceBundle('cn', 'translation', cn, true, true);
}

let initialised: Promise<unknown> | undefined;
let areas: Promise<void> | undefined;
let areasLoaded = false;
/** Whether something on screen asked for a key before the areas' strings arrived (and shows nothing for it). */
let missedBeforeAreas = false;

/**
 * The English of the areas behind the first screens (en.areas.ts), once. A page that shows them waits
 * for it (the root route's beforeLoad, the lazy overlays); otherwise it comes when the browser is idle.
 */
export function loadAreas(): Promise<void> {
  areas ??= Promise.all([import('./en.areas'), initialised]).then(
    ([{ enAreas }]) => {
      areasLoaded = true;
      // What is on screen re-renders for the new strings only when it lacks one of them: re-rendering a
      // page of odds for strings it does not show costs a slow phone a long task for nothing. When it
      // does, the re-render is a transition, which React renders in slices.
      if (missedBeforeAreas) startTransition(() => void i18next.addResourceBundle('en', 'translation', enAreas, true, false));
      else i18next.addResourceBundle('en', 'translation', enAreas, true, false, { silent: true });
    },
    (error: unknown) => {
      areas = undefined;
      throw error;
    },
  );
  return areas;
}

/** Whether the areas' English is in (loadAreas done). */
export function areasLoadedYet(): boolean {
  return areasLoaded;
}

/**
 * Starts i18n in the player's language. `deferAreas`: do not wait for the English of the areas no first
 * screen shows (the app's start: loadAreas fetches it in parallel); the default waits, so a caller can
 * use every key at once.
 */
export async function initI18n(language: AppLanguage, options: { deferAreas?: boolean } = {}): Promise<typeof i18next> {
  initialised ??= i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'cn'],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Components already on screen take the area strings when they arrive.
    react: { bindI18nStore: 'added' },
    // Until they arrive, an area's key reads as nothing rather than as the key (a hidden heading, say).
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (!areasLoaded) missedBeforeAreas = true;
      return defaultValue ?? (areasLoaded ? key : '');
    },
  });
  await initialised;
  if (!options.deferAreas) await loadAreas();
  await setLanguage(language);
  return i18next;
}

export async function setLanguage(language: AppLanguage): Promise<void> {
  try {
    await ensureBundle(language);
  } catch {
    // The Chinese bundle could not be downloaded (offline): stay in English rather than show keys.
    return;
  }
  await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

export { i18next };
