import { describe, expect, it } from 'vitest';
import { bestPlateMatch, matchPlate, PLATE_LOOKALIKES, plateLookAlikeKey } from './plateMatch';
import { normalizePlate } from './validation';

describe('matchPlate', () => {
  it('matches an exact read, ignoring case, spaces and dashes', () => {
    expect(normalizePlate('1ab 23-45')).toBe('1AB2345');
    expect(matchPlate('1ab 2345', '1AB-2345')).toEqual({ score: 0, reasons: [{ code: 'EXACT' }] });
  });

  it.each(PLATE_LOOKALIKES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]))(
    'reports %s read as %s',
    (expected, read) => {
      const known = `7X${expected}1234`;
      const misread = `7X${read}1234`;
      expect(matchPlate(misread, known)).toEqual({
        score: 1,
        reasons: [{ code: 'LOOKALIKE', position: 2, expected, read }],
      });
    },
  );

  it('accepts two look-alike characters, refuses three and any other difference', () => {
    expect(matchPlate('5B0I234', 'SBOI234')?.reasons.map((r) => r.code)).toEqual(['LOOKALIKE', 'LOOKALIKE']);
    expect(matchPlate('580I234', 'SBOI234')).toBeNull();
    expect(matchPlate('1AX2345', '1AB2345')).toBeNull();
  });

  it('reports a missing character with its position', () => {
    expect(matchPlate('1AB245', '1AB2345')).toEqual({
      score: 2,
      reasons: [{ code: 'MISSING_CHAR', position: 4, expected: '3' }],
    });
    expect(matchPlate('1AB2345', '1AB23457')).toEqual({
      score: 2,
      reasons: [{ code: 'MISSING_CHAR', position: 7, expected: '7' }],
    });
  });

  it('reports an extra character with its position', () => {
    expect(matchPlate('X1AB2345', '1AB2345')).toEqual({
      score: 2,
      reasons: [{ code: 'EXTRA_CHAR', position: 0, read: 'X' }],
    });
  });

  it('refuses two missing characters and short plates', () => {
    expect(matchPlate('1AB45', '1AB2345')).toBeNull();
    expect(matchPlate('AB1', 'AB12')).toBeNull();
    expect(matchPlate('', '1AB2345')).toBeNull();
  });
});

describe('bestPlateMatch', () => {
  const candidates = [
    { id: 1, plate: '1AB2345', trailer: null },
    { id: 2, plate: '9ZZ9999', trailer: '1A82345' },
    { id: 3, plate: '1AB234', trailer: null },
  ];

  it('prefers the exact match over look-alike and missing character ones', () => {
    const best = bestPlateMatch('1A82345', candidates, (c) => [c.plate, c.trailer]);
    expect(best?.candidate.id).toBe(2);
    expect(best?.plate).toBe('1A82345');
    expect(best?.match.reasons).toEqual([{ code: 'EXACT' }]);
  });

  it('returns the look-alike match when nothing matches exactly, and null when nothing matches', () => {
    const best = bestPlateMatch('1A82345', candidates.slice(0, 1), (c) => [c.plate]);
    expect(best?.candidate.id).toBe(1);
    expect(best?.match.reasons).toEqual([{ code: 'LOOKALIKE', position: 2, expected: 'B', read: '8' }]);
    expect(bestPlateMatch('XYZ0000', candidates, (c) => [c.plate, c.trailer])).toBeNull();
  });
});

describe('plateLookAlikeKey', () => {
  it('makes look-alike letters digits and drops spaces and dashes', () => {
    expect(plateLookAlikeKey('so-d 1bz')).toBe('500182');
    expect(plateLookAlikeKey('1AX 2345')).toBe('1AX2345');
  });

  it('keeps every plate a read matches: equal keys, or keys of lengths one apart', () => {
    const plates = [
      '1AB2345',
      '1A82345',
      'SBOI234',
      '5B0I234',
      '1AB245',
      '1AB23456',
      '7XD1234',
      '7X01234',
      '1AX2345',
    ];
    const pairs = plates.flatMap((read) => plates.map((known) => [read, known] as const));
    const matching = pairs.filter(([read, known]) => matchPlate(read, known) !== null);
    expect(matching.length).toBeGreaterThan(plates.length);
    for (const [read, known] of matching) {
      const [a, b] = [plateLookAlikeKey(read), plateLookAlikeKey(known)];
      expect(a === b || Math.abs(a.length - b.length) === 1, `${read} ~ ${known}`).toBe(true);
    }
    // And it keeps out what cannot match: same length, another letter.
    expect(plateLookAlikeKey('1AX2345')).not.toBe(plateLookAlikeKey('1AB2345'));
  });
});
