import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Language } from '@strazce/contract';
import { initialLanguage } from './language';
import { storage } from './storage';

const DAYJS_LOCALE: Record<Language, string> = { cs: 'cs', 'en-US': 'en' };

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

type Texts = Record<string, unknown>;

/**
 * What a language needs beside the code: our texts, Ant Design's locale and dayjs's. Each language is loaded
 * on its own (chunks of their own), so a page loads only the language it shows.
 */
const LANGUAGE_BUNDLES: Record<Language, () => Promise<{ texts: Texts; antd: AntdLocale }>> = {
  cs: async () => {
    const [texts, antd] = await Promise.all([
      import('../locales/cs.json'),
      import('antd/es/locale/cs_CZ'),
      import('dayjs/locale/cs'),
    ]);
    return { texts: texts.default, antd: antd.default };
  },
  'en-US': async () => {
    const [texts, antd] = await Promise.all([import('../locales/en.json'), import('antd/es/locale/en_US')]);
    return { texts: texts.default, antd: antd.default };
  },
};

const antdLocales = new Map<string, AntdLocale>();

/** Ant Design's locale of a language that has been loaded (the current one always is). */
export function antdLocaleOf(language: string): AntdLocale | undefined {
  return antdLocales.get(language);
}

/** Loads a language's bundle; returns its texts. */
async function loadBundle(language: Language): Promise<Texts> {
  const { texts, antd } = await LANGUAGE_BUNDLES[language]();
  antdLocales.set(language, antd);
  return texts;
}

/** Loads the texts of a language unless they are loaded already. */
async function loadTexts(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadBundle(language));
}

const language = initialLanguage(storage.language.get(), browserLanguages());

/** Settles when the texts of the starting language are loaded (start.tsx renders the app then). */
export const i18nReady: Promise<unknown> = loadBundle(language).then((texts) => {
  dayjs.locale(DAYJS_LOCALE[language]);
  return i18n.use(initReactI18next).init({
    resources: { [language]: { translation: texts } },
    lng: language,
    // Both files have the same keys (locales.test.ts): no fallback language to load beside.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
});

i18n.on('languageChanged', (next) => {
  dayjs.locale(DAYJS_LOCALE[next as Language] ?? 'en');
  document.documentElement.lang = next;
});
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** Switches the language of texts, Ant Design and dayjs, and remembers the choice in this browser. */
export function changeLanguage(next: Language): void {
  storage.language.set(next);
  void loadTexts(next).then(() => i18n.changeLanguage(next));
}

export default i18n;
