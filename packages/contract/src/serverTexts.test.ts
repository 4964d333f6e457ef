import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS, TEXT_LANGUAGES, textLanguageOf } from './serverTexts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type Tree = { [key: string]: string | Tree };

function text(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('texts the server writes', () => {
  it('are the web app’s texts under the same keys, in both languages', () => {
    for (const language of TEXT_LANGUAGES) {
      const locale = JSON.parse(
        readFileSync(path.join(ROOT, 'web/src/locales', `${language}.json`), 'utf8'),
      ) as Tree;
      const entries = Object.entries(SERVER_TEXTS[language]);
      expect(entries.length).toBeGreaterThan(0);
      const differing = entries
        .filter(([key, value]) => text(locale, key) !== value)
        .map(([key, value]) => `${key}: '${value}' here, '${text(locale, key)}' in ${language}.json`);
      expect(differing).toEqual([]);
    }
  });

  it('are chosen by the lang parameter, else by Accept-Language, else Czech', () => {
    expect(textLanguageOf('en', 'cs-CZ')).toBe('en');
    expect(textLanguageOf('en-US', undefined)).toBe('en');
    expect(textLanguageOf(undefined, 'de-DE,en;q=0.8,cs;q=0.5')).toBe('en');
    expect(textLanguageOf(undefined, 'cs-CZ,cs;q=0.9')).toBe('cs');
    expect(textLanguageOf(undefined, 'de-DE')).toBe('cs');
    expect(textLanguageOf(undefined, undefined)).toBe('cs');
  });
});
