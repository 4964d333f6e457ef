import { describe, expect, it } from 'vitest';
import {
  CONFIG_VALUE_TYPES,
  KNOWN_CONFIG_PROPERTIES,
  audit,
  emailLog,
  siteProperty,
  smsLog,
  storedFile,
} from '@strazce/contract';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

const locales = { cs: cs as unknown as Tree, en: en as unknown as Tree };

describe('labels of the logs, files and site properties in both languages', () => {
  it.each(Object.entries(locales))(
    '%s: every entity has a title, a record name and field labels',
    (_, tree) => {
      for (const entity of [audit, emailLog, smsLog, storedFile, siteProperty]) {
        expect(lookup(tree, `${entity.i18nKey}.title`), entity.resource).toBeTypeOf('string');
        expect(lookup(tree, `${entity.i18nKey}.one`), entity.resource).toBeTypeOf('string');
        for (const name of entity.fieldNames)
          expect(lookup(tree, `${entity.i18nKey}.fields.${name}`), `${entity.resource}.${name}`).toBeTypeOf(
            'string',
          );
      }
    },
  );

  it.each(Object.entries(locales))('%s: every value type and known property is described', (_, tree) => {
    for (const type of CONFIG_VALUE_TYPES)
      expect(lookup(tree, `${siteProperty.i18nKey}.values.type.${type}`), type).toBeTypeOf('string');
    for (const name of Object.keys(KNOWN_CONFIG_PROPERTIES)) {
      expect(lookup(tree, `${siteProperty.i18nKey}.known.${name}`), name).toBeTypeOf('string');
      expect(lookup(tree, `${siteProperty.i18nKey}.knownShort.${name}`), name).toBeTypeOf('string');
    }
    expect(lookup(tree, 'error.downloadDenied')).toBeTypeOf('string');
  });
});
