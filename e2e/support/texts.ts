import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
type Texts = Record<string, unknown>;
const load = (file: string) =>
  JSON.parse(readFileSync(path.join(here, '../../web/src/locales', file), 'utf8')) as Texts;
const LOCALES: Record<Language, Texts> = { cs: load('cs.json'), 'en-US': load('en.json') };

/** The app's own text of a key (web/src/locales), so that a test reads what the user reads. */
export function text(language: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Texts)?.[part], LOCALES[language]);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
}
