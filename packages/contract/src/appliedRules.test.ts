import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { pastDateProblems } from './entity';
import { kboxContent } from './entities/kbox';
import { stockItem } from './entities/stock';
import { checkAdvice, visitAdvice, visitAdviceRequest } from './entities/visit';
import { vehicleAdvice } from './entities/vehicle';
import { person } from './entities/system';

/** Spec section 5's rules as the entities apply them (issue 32, point 5). */

/** The `validation.*` keys of a body per field path, empty when it is accepted. */
function problems(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const content = { contentId: 7, keybox: 1 };
const item = { code: 'SK-001', name: 'Baterie', category: 1, unit: 1 };

describe('currency: money fields take a number with at most two decimals', () => {
  it.each([
    ['keybox content payment value', kboxContent, content, 'paymentValue'],
    ['stock item price', stockItem, item, 'price'],
  ] as const)('%s refuses 12.345 with validation.currency', (_name, entity, body, field) => {
    expect(problems(entity.schemas.create, { ...body, [field]: 12.345 })).toEqual({
      [field]: 'validation.currency',
    });
    expect(problems(entity.schemas.update, { [field]: 0.001, version: 0 })).toEqual({
      [field]: 'validation.currency',
    });
  });

  it.each([
    ['keybox content payment value', kboxContent, content, 'paymentValue'],
    ['stock item price', stockItem, item, 'price'],
  ] as const)('%s accepts whole amounts, one or two decimals and no amount', (_name, entity, body, field) => {
    for (const value of [0, 1250, 12.5, 12.34, null])
      expect(problems(entity.schemas.create, { ...body, [field]: value })).toEqual({});
    expect(problems(entity.schemas.create, { ...body, [field]: -1 })).toEqual({ [field]: 'validation.min' });
  });

  it('stays a number on the wire: an amount as text is not one', () => {
    expect(problems(kboxContent.schemas.create, { ...content, paymentValue: '12,50' })).toEqual({
      paymentValue: expect.any(String),
    });
  });

  it('reads stored values as they are (the rule is on what is accepted)', () => {
    const record = kboxContent.fields.paymentValue.value.safeParse(12.345);
    expect(record.success).toBe(true);
  });
});

describe('alphanumeric: codes typed by users', () => {
  it.each(['variableSymbol', 'trackingNumber'] as const)(
    'keybox content %s takes letters and digits only',
    (field) => {
      expect(problems(kboxContent.schemas.create, { ...content, [field]: '2026003' })).toEqual({});
      expect(problems(kboxContent.schemas.create, { ...content, [field]: 'DR12CZ' })).toEqual({});
      for (const value of ['2026-003', '20 26', 'ab!'])
        expect(problems(kboxContent.schemas.create, { ...content, [field]: value })).toEqual({
          [field]: 'validation.alphanumeric',
        });
    },
  );

  it('leaves codes made up with dashes by the sites as they are (stock item SK-001)', () => {
    expect(problems(stockItem.schemas.create, item)).toEqual({});
  });
});

describe('number: phone fields take 9 to 12 digits after the dial code', () => {
  it.each([
    ['person', person, { firstName: 'Jana', lastName: 'Nová' }, 'phone'],
    ['vehicle advice', vehicleAdvice, { date: '2026-03-10', category: 1, direction: 'IN' }, 'phone'],
    ['keybox content sender', kboxContent, content, 'senderPhone'],
    ['keybox content recipient', kboxContent, content, 'recipientPhone'],
  ] as const)('%s', (_name, entity, body, field) => {
    expect(problems(entity.schemas.create, { ...body, [field]: '+420 601234567' })).toEqual({});
    expect(problems(entity.schemas.create, { ...body, [field]: '+420 6012' })).toEqual({
      [field]: 'validation.phone',
    });
  });
});

describe('date in the future: advice days before the site’s today', () => {
  const today = '2026-03-10';

  it('refuses a new one-time date, range or vehicle advice day before today, and accepts today', () => {
    expect(pastDateProblems(visitAdvice, { oneTimeDate: '2026-03-09' }, today)).toEqual([
      { path: 'oneTimeDate', message: 'validation.futureDate' },
    ]);
    expect(
      pastDateProblems(visitAdviceRequest, { validFrom: '2026-03-01', validTo: '2026-03-09' }, today),
    ).toEqual([
      { path: 'validFrom', message: 'validation.futureDate' },
      { path: 'validTo', message: 'validation.futureDate' },
    ]);
    expect(pastDateProblems(vehicleAdvice, { date: '2026-03-09', time: '23:59' }, today)).toEqual([
      { path: 'date', message: 'validation.futureDate' },
    ]);
    expect(pastDateProblems(visitAdvice, { oneTimeDate: today }, today)).toEqual([]);
    expect(pastDateProblems(vehicleAdvice, { date: today, time: '00:01' }, today)).toEqual([]);
  });

  it('keeps a stored day left as it is, and refuses a day changed to the past', () => {
    const existing = { validFrom: '2026-03-01', validTo: '2026-03-20' };
    expect(
      pastDateProblems(visitAdvice, { validFrom: '2026-03-01', validTo: '2026-03-25' }, today, existing),
    ).toEqual([]);
    expect(
      pastDateProblems(visitAdvice, { validFrom: '2026-03-01', validTo: '2026-03-05' }, today, existing),
    ).toEqual([{ path: 'validTo', message: 'validation.futureDate' }]);
    expect(pastDateProblems(vehicleAdvice, { date: '2026-03-08' }, today, { date: '2026-03-08' })).toEqual(
      [],
    );
  });

  it('leaves the one-time-or-range rule to checkAdvice', () => {
    expect(checkAdvice({ oneTimeDate: '2020-01-01' })).toEqual([]);
    expect(checkAdvice({})).toEqual([{ path: 'oneTimeDate', message: 'validation.adviceDateRequired' }]);
  });
});
