import { describe, expect, it } from 'vitest';
import { badTextPath } from './textInput';

describe('badTextPath', () => {
  it('finds nothing in clean values of every shape', () => {
    for (const value of [
      undefined,
      null,
      'Dvořák',
      42,
      { page: '1', size: '25', lastName: 'Dvořák' },
      { items: [{ name: 'Šroub' }, { name: '😀' }] },
      [],
    ])
      expect(badTextPath(value)).toBeNull();
  });

  it('names where NUL or a lone surrogate is, in a value or a key, however deep', () => {
    expect(badTextPath('a\u0000b')).toBe('');
    expect(badTextPath({ note: 'x\uD800' })).toBe('note');
    expect(badTextPath({ items: [{ name: 'ok' }, { name: '\uDC00y' }] })).toBe('items.1.name');
    expect(badTextPath({ ['k\u0000']: 'v' })).toBe('k\u0000');
    expect(badTextPath({ a: { b: { c: ['ok', 'ok', '\u0000'] } } })).toBe('a.b.c.2');
  });
});
