import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISSUE_VALIDATION_KEYS } from './validation';

/**
 * Every `validation.*` key the server can answer (field details of a 400 VALIDATION) has a text in both
 * languages of the web app: the keys derived from zod issue codes, and every key written in the contract's
 * and the server's sources (schema messages, hooks' own checks).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOCALES = ['cs', 'en'] as const;
const SOURCES = ['packages/contract/src', 'server/src'];

type Tree = { [key: string]: string | Tree };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.includes('.test.') ? [full] : [];
  });
}

/** The text of a key, or of its plural form `_other` (a text that counts: 'Alespoň {{count}} znaky'). */
function text(tree: Tree, key: string): string | undefined {
  const parts = key.split('.');
  let node: string | Tree | undefined = tree;
  for (const part of parts.slice(0, -1)) node = typeof node === 'object' ? node[part] : undefined;
  const last = parts[parts.length - 1];
  const found = typeof node === 'object' ? (node[last] ?? node[`${last}_other`]) : undefined;
  return typeof found === 'string' ? found : undefined;
}

/** `'validation.rule'` (or `validation.rule:<argument>`) written in a source, with the file it is in. */
function keysInSources(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const dir of SOURCES)
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/['"`](validation\.[A-Za-z]\w*)/g))
        keys.set(match[1], path.relative(ROOT, file));
    }
  return keys;
}

describe('validation keys the server answers', () => {
  const locales = Object.fromEntries(
    LOCALES.map((lang) => [
      lang,
      JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales', `${lang}.json`), 'utf8')) as Tree,
    ]),
  );

  it('has a text for every key derived from a zod issue, in both languages', () => {
    for (const lang of LOCALES)
      expect(
        ISSUE_VALIDATION_KEYS.filter((key) => !text(locales[lang], key)),
        `missing in ${lang}.json`,
      ).toEqual([]);
  });

  it('has a text for every key in the contract and server sources, in both languages', () => {
    const used = keysInSources();
    // The scan finds the schema messages (entity.ts) and the hooks' checks (server modules).
    expect(used.has('validation.maxLength')).toBe(true);
    expect([...used.values()].some((file) => file.startsWith('server/src/'))).toBe(true);
    for (const lang of LOCALES)
      expect(
        [...used].filter(([key]) => !text(locales[lang], key)).map(([key, file]) => `${key} (${file})`),
        `missing in ${lang}.json`,
      ).toEqual([]);
  });
});
