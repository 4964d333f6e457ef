import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/cs';
import 'dayjs/locale/en';
import type { Language } from '@strazce/contract';
import cs from '../locales/cs.json';
import en from '../locales/en.json';
import { initialLanguage } from './language';
import { storage } from './storage';

const DAYJS_LOCALE: Record<Language, string> = { cs: 'cs', 'en-US': 'en' };

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

const language = initialLanguage(storage.language.get(), browserLanguages());
dayjs.locale(DAYJS_LOCALE[language]);

void i18n.use(initReactI18next).init({
  resources: { cs: { translation: cs }, 'en-US': { translation: en } },
  lng: language,
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (next) => {
  dayjs.locale(DAYJS_LOCALE[next as Language] ?? 'en');
  document.documentElement.lang = next;
});
if (typeof document !== 'undefined') document.documentElement.lang = language;

/** Switches the language of texts, Ant Design and dayjs, and remembers the choice in this browser. */
export function changeLanguage(next: Language): void {
  storage.language.set(next);
  void i18n.changeLanguage(next);
}

export default i18n;
