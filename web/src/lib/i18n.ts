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

/** The texts of a language that the login page uses (locales/loginTexts.ts), for a guest's first paint. */
const LOGIN_TEXTS: Record<Language, () => Promise<Texts>> = {
  cs: () => import('virtual:login-texts/cs').then((module) => module.default),
  'en-US': () => import('virtual:login-texts/en').then((module) => module.default),
};

/** The languages whose texts are all loaded (not only the login page's). */
const complete = new Set<Language>();

/** Loads a language's bundle; returns its texts. */
async function loadBundle(language: Language): Promise<Texts> {
  const { texts, antd } = await LANGUAGE_BUNDLES[language]();
  antdLocales.set(language, antd);
  return texts;
}

/** Loads all texts of a language unless they are loaded already (over the login page's, where those are). */
async function loadTexts(language: Language): Promise<void> {
  if (complete.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await loadBundle(language), true, true);
  complete.add(language);
  // dayjs's locale comes with the bundle: the current language's is set once it is there.
  if (i18n.language === language) dayjs.locale(DAYJS_LOCALE[language]);
}

const language = initialLanguage(storage.language.get(), browserLanguages());

/**
 * A guest starts at the login page: its first paint needs only the login page's texts, and the rest follows when
 * the user starts to log in (router.tsx). With a stored session the app starts with all texts.
 */
const guest = !storage.token.get();

const startingTexts = guest
  ? LOGIN_TEXTS[language]()
  : loadBundle(language).then((texts) => {
      complete.add(language);
      return texts;
    });

/** Settles when the texts of the starting language are loaded (start.tsx renders the app then). */
export const i18nReady: Promise<unknown> = startingTexts.then((texts) => {
  dayjs.locale(DAYJS_LOCALE[language]);
  return i18n.use(initReactI18next).init({
    resources: { [language]: { translation: texts } },
    lng: language,
    // Texts added later (all of them after the login page's) show at once in what is on screen.
    react: { bindI18nStore: 'added' },
    // Both files have the same keys (locales.test.ts): no fallback language to load beside.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
});

/**
 * Settles when all texts of the current language are there: what the logged-in app and the pages and dialogs
 * with Ant Design wait for (router.tsx, components/lazyWithAntd.tsx).
 */
export function allTextsReady(): Promise<void> {
  return i18nReady.then(() => loadTexts((i18n.language as Language) ?? language));
}

i18n.on('languageChanged', (next) => {
  dayjs.locale(DAYJS_LOCALE[next as Language] ?? 'en');
  // Also imported by the build's render of the login page (modules/auth/loginShellMarkup.tsx), without a page.
  if (typeof document !== 'undefined') document.documentElement.lang = next;
});
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** Switches the language of texts, Ant Design and dayjs, and remembers the choice in this browser. */
export function changeLanguage(next: Language): void {
  storage.language.set(next);
  void loadTexts(next).then(() => i18n.changeLanguage(next));
}

export default i18n;
