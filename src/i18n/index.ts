import i18next from 'i18next';
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

export async function initI18n(language: AppLanguage): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'cn'],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
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
