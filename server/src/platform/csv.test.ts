import { describe, expect, it } from 'vitest';
import { csvCell, toCsvText } from './csv';

describe('CSV writer', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('defuses a text cell starting with a formula character: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves other text, numbers written as numbers and empty values alone', () => {
    expect(csvCell('Novák')).toBe('Novák');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =x')).toBe(' =x');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes the separator, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('a;b');
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('a,b', ';')).toBe('a,b');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a byte order mark, the header and CRLF-ended rows', () => {
    expect(
      toCsvText(
        ['name', 'count'],
        [
          ['=1+1', 3],
          ['b;c', -1],
        ],
        { separator: ';' },
      ),
    ).toBe('\uFEFFname;count\r\n\'=1+1;3\r\n"b;c";-1\r\n');
  });
});
