import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  date,
  defineEntity,
  email,
  enumOf,
  int,
  kboxContent,
  multiEnum,
  password,
  text,
  user,
  vehicleAdvice,
} from '@strazce/contract';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';
import {
  detailsToFormErrors,
  hasErrors,
  issuesToFormErrors,
  messageOf,
  validateInput,
  validationText,
} from './validation';

const entity = defineEntity({
  resource: 'test/contact',
  scope: 'global',
  read: ['ADMINISTRATOR'],
  write: ['ADMINISTRATOR'],
  fields: {
    name: text({ required: true, max: 20 }),
    mail: email(),
    age: int({ min: 0, max: 150 }),
    secret: password(),
    tags: multiEnum(['A', 'B']),
  },
});

describe('zod issues → form field errors', () => {
  it('reports the contract messages per field, with bounds from the declaration', () => {
    const input = { name: 'x'.repeat(21), mail: 'nope', age: 200, secret: 'short', tags: ['A', 'C'] };
    const errors = validateInput(entity.schemas.create, input, entity);
    expect(errors.form).toEqual([]);
    expect(errors.fields).toEqual({
      name: [{ key: 'validation.maxLength', params: { max: 20 } }],
      mail: [{ key: 'validation.email', params: { max: 254 } }],
      age: [{ key: 'validation.max', params: { min: 0, max: 150 } }],
      secret: [{ key: 'validation.password' }],
      tags: [{ key: 'validation.enum' }],
    });
  });

  it('says "required" for a missing or empty required value', () => {
    const missing = validateInput(entity.schemas.create, {}, entity);
    expect(missing.fields.name).toEqual([{ key: 'validation.required', params: { max: 20 } }]);
    const empty = validateInput(entity.schemas.create, { name: '   ' }, entity);
    expect(empty.fields.name?.[0].key).toBe('validation.required');
  });

  it('says "required" for an empty required date or choice, not that its form is wrong', () => {
    const dated = defineEntity({
      resource: 'test/advice',
      scope: 'global',
      read: ['ADMINISTRATOR'],
      write: ['ADMINISTRATOR'],
      fields: { day: date({ required: true }), way: enumOf(['IN', 'OUT'], { required: true }) },
    });
    for (const value of [null, '']) {
      const errors = validateInput(dated.schemas.create, { day: value, way: value }, dated);
      expect(errors.fields.day?.[0].key).toBe('validation.required');
      expect(errors.fields.way?.[0].key).toBe('validation.required');
    }
    // A value of a wrong form still says so.
    const wrong = validateInput(dated.schemas.create, { day: '2026-02-30', way: 'UP' }, dated);
    expect(wrong.fields.day?.[0].key).toBe('validation.date');
    expect(wrong.fields.way?.[0].key).toBe('validation.enum');
  });

  it('passes a valid body', () => {
    const errors = validateInput(
      entity.schemas.create,
      { name: 'Ann', mail: 'ann@example.com', age: 30 },
      entity,
    );
    expect(hasErrors(errors)).toBe(false);
  });

  it('puts unknown keys on the whole form', () => {
    const result = entity.schemas.create.safeParse({ name: 'Ann', bogus: 1 });
    expect(result.success).toBe(false);
    const errors = issuesToFormErrors(result.error!.issues, {}, entity);
    expect(errors.form).toEqual([{ key: 'validation.unknownField', params: { fields: 'bogus' } }]);
  });

  it('validates a user like the server: roles must be known', () => {
    const errors = validateInput(user.schemas.create, { userName: 'ab', roles: ['NOPE'] }, user);
    expect(errors.fields.userName?.[0].key).toBe('validation.minLength');
    expect(errors.fields.roles?.[0].key).toBe('validation.enum');
  });
});

describe('server 400 VALIDATION details → form field errors', () => {
  it('maps dotted paths to the field and the rest to the form', () => {
    const errors = detailsToFormErrors(
      [
        { path: 'name', message: 'validation.required' },
        { path: 'tags.1', message: 'validation.enum' },
        { path: '', message: 'validation.cannotDeleteSelf' },
        { path: 'body', message: 'validation.unknownField:x,y' },
      ],
      entity,
    );
    expect(errors.fields.name).toEqual([{ key: 'validation.required', params: { max: 20 } }]);
    expect(errors.fields.tags).toEqual([{ key: 'validation.enum' }]);
    expect(errors.form).toEqual([
      { key: 'validation.cannotDeleteSelf' },
      { key: 'validation.unknownField', params: { fields: 'x,y' } },
    ]);
  });

  it('never shows a raw server text: an unknown message becomes "invalid"', () => {
    expect(messageOf('Invalid input: expected number')).toEqual({ key: 'validation.invalid' });
    expect(detailsToFormErrors(undefined, entity).form).toEqual([{ key: 'validation.invalid' }]);
  });
});

describe('the entity’s own rules (`check`) in the form', () => {
  const input = { userName: 'jan novak', authProvider: 'LOCAL', password: 'Secret123!' };

  it('shows the user-name rule on its field before anything is sent', () => {
    const errors = validateInput(user.schemas.create, input, user);
    expect(errors.fields.userName).toEqual([{ key: 'validation.userName', params: { max: 100, min: 3 } }]);
  });

  it('keeps an older name that breaks it on an edit, and refuses a new one', () => {
    const edit = { userName: 'jan novak', version: 0 };
    expect(hasErrors(validateInput(user.schemas.update, edit, user, { userName: 'jan novak' }))).toBe(false);
    const renamed = validateInput(user.schemas.update, edit, user, { userName: 'jan.novak' });
    expect(renamed.fields.userName).toEqual([{ key: 'validation.userName', params: { max: 100, min: 3 } }]);
  });

  it('leaves a field the schema already refused with the schema’s message', () => {
    const errors = validateInput(user.schemas.create, { ...input, userName: 'a b'.repeat(40) }, user);
    expect(errors.fields.userName).toEqual([{ key: 'validation.maxLength', params: { max: 100, min: 3 } }]);
  });
});

describe('validation texts count with the language plural rules (issue 33)', () => {
  const tOf = (lang: 'cs' | 'en') => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      resources: { [lang]: { translation: lang === 'cs' ? cs : en } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return instance.t;
  };

  it('says "Alespoň 3 znaky", not "Alespoň 3 znaků", for every Czech form', () => {
    const t = tOf('cs');
    const min = (count: number) => validationText(t, 'validation.minLength', { min: count });
    expect([1, 3, 5, 1.5].map(min)).toEqual([
      'Alespoň 1 znak',
      'Alespoň 3 znaky',
      'Alespoň 5 znaků',
      'Alespoň 1.5 znaku',
    ]);
    expect(validationText(t, 'validation.maxLength', { max: 2 })).toBe('Nejvýše 2 znaky');
    expect(validationText(tOf('en'), 'validation.maxLength', { max: 1 })).toBe('At most 1 character');
    expect(validationText(tOf('en'), 'validation.minLength', { min: 3 })).toBe('At least 3 characters');
  });

  it('takes the bound from the issue when no field declares it, and says "invalid" for no text', () => {
    // A nested schema's bound (a companion's name): the form's message gets it from the issue.
    const errors = issuesToFormErrors(
      [
        {
          code: 'too_big',
          origin: 'string',
          maximum: 4,
          inclusive: true,
          path: ['companions', 0],
          message: 'x',
        },
      ],
      {},
      entity,
    );
    expect(errors.form).toEqual([{ key: 'validation.maxLength', params: { max: 4 } }]);
    expect(validationText(tOf('cs'), 'validation.maxLength', errors.form[0].params)).toBe('Nejvýše 4 znaky');
    expect(validationText(tOf('cs'), 'validation.noSuchRule')).toBe('Neplatná hodnota');
  });
});

describe('spec section 5 rules in the forms (issue 32, point 5)', () => {
  const textOf = (lang: 'cs' | 'en') => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      resources: { [lang]: { translation: lang === 'cs' ? cs : en } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return (key: string) => validationText(instance.t, key);
  };
  const content = { contentId: 7, keybox: 1, direction: 'INCOMING', paymentStatus: 'OK' };

  it('refuses an amount with three decimals before sending, in both languages', () => {
    const errors = validateInput(
      kboxContent.schemas.create,
      { ...content, paymentValue: 12.345 },
      kboxContent,
    );
    expect(errors.fields).toEqual({
      paymentValue: [{ key: 'validation.currency', params: { min: 0, max: 10_000_000 } }],
    });
    expect(textOf('cs')('validation.currency')).toBe('Zadejte částku, např. 120 nebo 120,50');
    expect(textOf('en')('validation.currency')).toBe('Enter an amount such as 120 or 120.50');
    expect(
      hasErrors(validateInput(kboxContent.schemas.create, { ...content, paymentValue: 12.34 }, kboxContent)),
    ).toBe(false);
  });

  it('refuses a variable symbol that is not letters and digits', () => {
    const errors = validateInput(
      kboxContent.schemas.create,
      { ...content, variableSymbol: '2026-1' },
      kboxContent,
    );
    expect(errors.fields.variableSymbol?.[0]?.key).toBe('validation.alphanumeric');
    expect(textOf('cs')('validation.alphanumeric')).toBe('Pouze písmena a číslice');
    expect(textOf('en')('validation.alphanumeric')).toBe('Letters and digits only');
  });

  it("refuses a vehicle advice day before the site's today, accepts today, and keeps an unchanged stored day", () => {
    const advice = { date: '2026-03-09', category: 1, direction: 'IN' };
    const past = validateInput(vehicleAdvice.schemas.create, advice, vehicleAdvice, undefined, '2026-03-10');
    expect(past.fields).toEqual({ date: [{ key: 'validation.futureDate' }] });
    expect(textOf('cs')('validation.futureDate')).toBe('Datum nesmí být v minulosti');
    expect(textOf('en')('validation.futureDate')).toBe('The date cannot be in the past');
    const today = validateInput(
      vehicleAdvice.schemas.create,
      { ...advice, date: '2026-03-10' },
      vehicleAdvice,
      undefined,
      '2026-03-10',
    );
    expect(hasErrors(today)).toBe(false);
    const unchanged = validateInput(
      vehicleAdvice.schemas.update,
      { ...advice, version: 1 },
      vehicleAdvice,
      { date: '2026-03-09' },
      '2026-03-10',
    );
    expect(hasErrors(unchanged)).toBe(false);
  });
});
