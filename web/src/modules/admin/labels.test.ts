import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLES,
  MODULES,
  ROLE_TABS,
  accessGroup,
  client,
  person,
  site,
  user,
} from '@strazce/contract';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

const locales = { cs: cs as unknown as Tree, en: en as unknown as Tree };

describe('labels of the administration pages in both languages', () => {
  it.each(Object.entries(locales))('%s: every role, role tab and module has a name', (_, tree) => {
    for (const role of ASSIGNABLE_ROLES)
      expect(lookup(tree, `entity.roles.${role}`), role).toBeTypeOf('string');
    for (const tab of Object.keys(ROLE_TABS))
      expect(lookup(tree, `entity.roleTabs.${tab}`), tab).toBeTypeOf('string');
    for (const module of MODULES)
      expect(lookup(tree, `entity.modules.${module}`), module).toBeTypeOf('string');
  });

  it.each(Object.entries(locales))(
    '%s: every entity has a title, a record name and field labels',
    (_, tree) => {
      for (const entity of [person, user, accessGroup, site, client]) {
        expect(lookup(tree, `${entity.i18nKey}.title`), entity.resource).toBeTypeOf('string');
        expect(lookup(tree, `${entity.i18nKey}.one`), entity.resource).toBeTypeOf('string');
        for (const name of entity.fieldNames)
          expect(lookup(tree, `${entity.i18nKey}.fields.${name}`), `${entity.resource}.${name}`).toBeTypeOf(
            'string',
          );
      }
    },
  );
});
