import { LANGUAGES, type Language } from '@strazce/contract';

/**
 * Browser locales the product answers in English (spec section 9: a long list of locales is mapped to
 * English). Czech is the only other language; every locale not listed here and not Czech falls back to
 * English as well, the list only documents the explicit mapping and is used to recognise stored values of
 * older versions.
 */
export const ENGLISH_LOCALES = [
  'en',
  'en-us',
  'en-gb',
  'en-au',
  'en-ca',
  'en-ie',
  'en-nz',
  'en-za',
  'en-in',
  'de',
  'de-de',
  'de-at',
  'de-ch',
  'fr',
  'fr-fr',
  'fr-be',
  'fr-ch',
  'it',
  'it-it',
  'es',
  'es-es',
  'pl',
  'pl-pl',
  'sk',
  'sk-sk',
  'hu',
  'hu-hu',
  'ro',
  'ro-ro',
  'nl',
  'nl-nl',
  'nl-be',
  'pt',
  'pt-pt',
  'pt-br',
  'sv',
  'sv-se',
  'da',
  'da-dk',
  'fi',
  'fi-fi',
  'nb',
  'nb-no',
  'no',
  'sl',
  'sl-si',
  'hr',
  'hr-hr',
  'bg',
  'bg-bg',
  'uk',
  'uk-ua',
  'ru',
  'ru-ru',
  'lt',
  'lv',
  'et',
  'el',
  'tr',
] as const;

const CZECH_LOCALES = ['cs', 'cs-cz'];

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** Maps any locale tag to one of the product's languages. */
export function languageOfLocale(locale: string): Language {
  return CZECH_LOCALES.includes(locale.toLowerCase().replace('_', '-')) ? 'cs' : 'en-US';
}

/**
 * The language to start in: the stored choice, else Czech when the browser's language is Czech, else
 * English (spec section 9).
 */
export function initialLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const preferred = browserLanguages[0];
  return preferred ? languageOfLocale(preferred) : 'en-US';
}
