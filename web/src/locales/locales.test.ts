import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, ERROR_CODES, MENU_AREAS, LANGUAGES } from '@strazce/contract';
import cs from './cs.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };
const LOCALES: Record<string, Tree> = { cs, en };
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(full, value);
    else for (const [inner, text] of flatten(value, full)) keys.set(inner, text);
  }
  return keys;
}

const flat = Object.fromEntries(Object.entries(LOCALES).map(([lang, tree]) => [lang, flatten(tree)]));

/** A key is present when it, or its plural forms, exist. */
function has(lang: string, key: string): boolean {
  return flat[lang].has(key) || flat[lang].has(`${key}_other`);
}

function sourceFiles(dir: string, extensions: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, extensions);
    return extensions.some((ext) => name.endsWith(ext)) && !name.includes('.test.') ? [full] : [];
  });
}

describe('locale files', () => {
  it('have the same keys in Czech and English (plural forms aside)', () => {
    const base = (lang: string) => new Set([...flat[lang].keys()].map((key) => key.replace(PLURAL, '')));
    const czech = base('cs');
    const english = base('en');
    expect(
      [...czech].filter((key) => !english.has(key)),
      'missing in en.json',
    ).toEqual([]);
    expect(
      [...english].filter((key) => !czech.has(key)),
      'missing in cs.json',
    ).toEqual([]);
  });

  it('count with the plural forms of the language wherever a text shows {{count}} (issue 33)', () => {
    // A refusal's number of uses may be a text ('10000+'), for which i18next picks no plural form; the number
    // stands alone after a colon there ('Návštěvy: 12'), with no noun to agree with.
    const countAsText = new Set(['crud.usedBy', 'crud.usedByField']);
    const required: Record<string, string[]> = { cs: ['one', 'few', 'many', 'other'], en: ['one', 'other'] };
    for (const lang of Object.keys(required)) {
      const counting = [...flat[lang]]
        .filter(([, text]) => text.includes('{{count}}'))
        .map(([key]) => key.replace(PLURAL, ''));
      expect(counting.length).toBeGreaterThan(10);
      const missing = [...new Set(counting)]
        .filter((key) => !countAsText.has(key))
        .flatMap((key) =>
          required[lang].filter((form) => !flat[lang].has(`${key}_${form}`)).map((f) => `${key}_${f}`),
        );
      expect(missing, `plural forms missing in ${lang}.json`).toEqual([]);
      // ... and no text of a plural key keeps a number of its own beside {{count}}'s forms.
      const unpaired = [...flat[lang].keys()].filter(
        (key) => !PLURAL.test(key) && flat[lang].get(key)!.includes('{{count}}') && !countAsText.has(key),
      );
      expect(unpaired, `texts counting without plural forms in ${lang}.json`).toEqual([]);
    }
  });

  it('have no empty texts', () => {
    for (const lang of Object.keys(flat)) {
      expect(
        [...flat[lang]].filter(([, text]) => text.trim() === '').map(([key]) => `${lang}:${key}`),
      ).toEqual([]);
    }
  });

  it('name every route, menu area, language and API error code of the contract', () => {
    const required = [
      ...APP_ROUTES.map((route) => `route.${route.name}`),
      ...MENU_AREAS.map((area) => `menu.area.${area}`),
      ...LANGUAGES.map((language) => `language.name.${language}`),
      ...ERROR_CODES.map((code) => `apiError_${code}`),
    ];
    for (const lang of Object.keys(flat)) {
      expect(
        required.filter((key) => !has(lang, key)),
        `missing in ${lang}.json`,
      ).toEqual([]);
    }
  });

  it('hold the specification texts of the login and error catalogue', () => {
    expect(flat.en.get('login.invalidLoginPasswordMessage')).toBe('User name or password is invalid');
    expect(flat.en.get('login.invalidLoginPasswordAnd2FAMessage')).toBe('Password or 2FA code is invalid');
    expect(flat.en.get('login.invalidLoginUsernameMessage')).toBe('User name is invalid');
    expect(flat.en.get('apiError_DATA_INTEGRITY')).toBe('Duplicate entry');
    expect(flat.cs.get('apiError_DATA_INTEGRITY')).toBe('Duplicitní záznam');
    expect(flat.en.get('error.network')).toBe('Network error');
  });
});

/** `t('literal.key')` calls in the sources: every one must exist in both files. */
describe('translation keys used in the sources', () => {
  it('exist in both locale files', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(SRC, ['.ts', '.tsx'])) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([A-Za-z][\w-]*(?:\.[\w-]+)+|apiError_[A-Z_]+)'/g)) {
        used.set(match[1], path.relative(SRC, file));
      }
    }
    expect(used.size).toBeGreaterThan(50);
    for (const lang of Object.keys(flat)) {
      const missing = [...used].filter(([key]) => !has(lang, key)).map(([key, file]) => `${key} (${file})`);
      expect(missing, `missing in ${lang}.json`).toEqual([]);
    }
    // Reads every source file: seconds on a loaded 2-core machine.
  }, 60_000);
});

/** Props whose string value is shown to the user. */
const VISIBLE_PROPS = new Set([
  'title',
  'label',
  'placeholder',
  'alt',
  'aria-label',
  'okText',
  'cancelText',
  'tooltip',
  'description',
  'content',
  'message',
  'extra',
  'subTitle',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'help',
  'children',
  'checkedChildren',
  'unCheckedChildren',
  'prefix',
  'suffix',
]);
const HAS_LETTER = /\p{L}/u;

/** Text a user would read, written straight into JSX instead of coming from the locale files. */
export function jsxLiterals(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.basename(fileName)}:${line + 1}: ${text.trim()}`);
  };
  const isLiteral = (
    node: ts.Node | undefined,
  ): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent) && isLiteral(node.expression)) {
      if (HAS_LETTER.test(node.expression.text)) report(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal = value && ts.isJsxExpression(value) ? value.expression : value;
      if (isLiteral(literal) && HAS_LETTER.test(literal.text)) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('JSX sources', () => {
  it('render no text outside the locale files', () => {
    const found = sourceFiles(SRC, ['.tsx']).flatMap((file) => jsxLiterals(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
    // Reads every source file: seconds on a loaded 2-core machine.
  }, 60_000);

  it('the scan finds texts in JSX children, expressions and visible props', () => {
    const code = `const a = <div title="Hello"><b>Save</b>{'Cancel'}<i data-testid="ok-id" />{t('x.y')}<Input placeholder={"Name"} /> · </div>;`;
    expect(jsxLiterals('sample.tsx', code).map((entry) => entry.split(': ')[1])).toEqual([
      'Hello',
      'Save',
      'Cancel',
      'Name',
    ]);
  });
});
