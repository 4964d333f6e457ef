import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/cs';
import 'dayjs/locale/en';
import type { Language } from '@strazce/contract';
import { initialLanguage } from './language';
import { storage } from './storage';

const DAYJS_LOCALE: Record<Language, string> = { cs: 'cs', 'en-US': 'en' };

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

/** The texts of each language, each its own chunk: a page loads only the language it shows. */
const TEXTS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  cs: () => import('../locales/cs.json'),
  'en-US': () => import('../locales/en.json'),
};

/** Loads the texts of a language unless they are loaded already. */
async function loadTexts(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: texts } = await TEXTS[language]();
  i18n.addResourceBundle(language, 'translation', texts);
}

const language = initialLanguage(storage.language.get(), browserLanguages());
dayjs.locale(DAYJS_LOCALE[language]);

/** Settles when the texts of the starting language are loaded (start.tsx renders the app then). */
export const i18nReady: Promise<unknown> = TEXTS[language]().then(({ default: texts }) =>
  i18n.use(initReactI18next).init({
    resources: { [language]: { translation: texts } },
    lng: language,
    // Both files have the same keys (locales.test.ts): no fallback language to load beside.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  }),
);

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
