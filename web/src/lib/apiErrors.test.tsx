import type { ReactElement } from 'react';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@strazce/contract';
import cs from '../locales/cs.json';
import en from '../locales/en.json';
import { ApiError, NetworkError } from './api';
import { apiErrorContent, apiErrorText } from './apiErrors';

/** The server's specific reasons in the user's language, with the real texts of both locales. */
const translators: Record<'cs' | 'en', TFunction> = {} as never;

beforeAll(async () => {
  for (const [language, resources] of [
    ['cs', cs],
    ['en', en],
  ] as const) {
    const i18n = createInstance();
    await i18n.init({ lng: language, resources: { [language]: { translation: resources } } });
    translators[language] = i18n.t;
  }
});

const inUse: ErrorBody = {
  code: 'IN_USE',
  message: 'The record is in use; deactivate it instead of deleting it',
  details: [
    {
      path: 'visit.visited',
      message: 'crud.usedByField',
      params: { count: 12, entityKey: 'entity.visit.title', fieldKey: 'entity.visit.fields.visited' },
    },
    {
      path: 'system_site/district/gate',
      message: 'crud.usedBy',
      params: { count: '10000+', entityKey: 'entity.system_site/district/gate.title' },
    },
  ],
};

describe('API error texts', () => {
  it('name what uses a record that cannot be deleted, in Czech and in English', () => {
    const error = new ApiError(409, 'IN_USE', inUse.message, inUse);
    const czech = apiErrorText(error, translators.cs);
    expect(czech).toContain('Záznam nelze smazat');
    expect(czech).toContain(`${cs.entity.visit.title} (${cs.entity.visit.fields.visited}): 12`);
    expect(czech).toContain(': 10000+');
    const english = apiErrorText(error, translators.en);
    expect(english).toContain('cannot be deleted');
    expect(english).toContain(`${en.entity.visit.title} (${en.entity.visit.fields.visited}): 12`);
  });

  it('appends the server message in italics to a translated text too (spec §8)', () => {
    const self = new ApiError(409, 'CANNOT_DELETE_SELF', 'You cannot delete your own account', {
      code: 'CANNOT_DELETE_SELF',
      message: 'You cannot delete your own account',
    });
    const content = apiErrorContent(self, translators.cs);
    expect(content.title).toBe('Nemůžete smazat vlastní účet');
    const italic = content.description as ReactElement<{ children: string }>;
    expect(italic.type).toBe('i');
    expect(italic.props.children).toBe('You cannot delete your own account');
    const image = new ApiError(415, 'FILE_TYPE_MISMATCH', 'The file is not the image it claims to be', null);
    expect(apiErrorContent(image, translators.cs).title).toContain('Obsah souboru neodpovídá');
    expect(apiErrorContent(image, translators.cs).description).toBeDefined();
    // No message, or one the title says already: nothing appended.
    expect(
      apiErrorContent(new ApiError(404, 'NOT_FOUND', '', null), translators.en).description,
    ).toBeUndefined();
  });

  it('keeps the server message for a code the app has no text for', () => {
    const unknown = new ApiError(400, 'SOMETHING_NEW', 'Something new happened', null);
    const content = apiErrorContent(unknown, translators.cs);
    expect(content.title).toBe('SOMETHING_NEW');
    expect(content.description).toBeDefined();
  });
});

describe('a call that reached no server', () => {
  it('is a network error when reading, and says that nothing was saved when writing', () => {
    expect(apiErrorText(new NetworkError('Network error'), translators.en)).toBe('Network error');
    expect(apiErrorText(new NetworkError('Network error', 'PUT'), translators.en)).toMatch(/^Not saved: /);
    expect(apiErrorText(new NetworkError('Network error', 'POST'), translators.cs)).toMatch(/^Neuloženo: /);
  });
});
