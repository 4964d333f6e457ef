import { describe, expect, it } from 'vitest';
import {
  BLACKLIST_CATEGORIES,
  blacklist,
  district,
  districtGate,
  identityDocument,
  personGroup,
  publicHoliday,
  sitePerson,
} from '@strazce/contract';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

const locales = { cs: cs as unknown as Tree, en: en as unknown as Tree };
const entities = [
  district,
  districtGate,
  identityDocument,
  publicHoliday,
  sitePerson,
  personGroup,
  blacklist,
];

describe('labels of the site administration in both languages', () => {
  it.each(Object.entries(locales))(
    '%s: every entity has a title, a record name and field labels',
    (_, tree) => {
      for (const entity of entities) {
        expect(lookup(tree, `${entity.i18nKey}.title`), entity.resource).toBeTypeOf('string');
        expect(lookup(tree, `${entity.i18nKey}.one`), entity.resource).toBeTypeOf('string');
        for (const name of entity.fieldNames)
          expect(lookup(tree, `${entity.i18nKey}.fields.${name}`), `${entity.resource}.${name}`).toBeTypeOf(
            'string',
          );
      }
      for (const category of BLACKLIST_CATEGORIES)
        expect(lookup(tree, `entity.blacklist.values.category.${category}`)).toBeTypeOf('string');
    },
  );

  it.each(Object.entries(locales))('%s: every message of the blacklist and report rules', (_, tree) => {
    for (const key of [
      'lastNameOrDocument',
      'notForPerson',
      'notForVehicle',
      'dateRange',
      'dateRangeTooLong',
    ])
      expect(lookup(tree, `validation.${key}`), key).toBeTypeOf('string');
  });
});
