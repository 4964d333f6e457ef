import { describe, expect, it } from 'vitest';
import { formatFileSize, megabytes } from './fileSize';

describe('formatFileSize', () => {
  it('keeps bytes whole and steps by 1024', () => {
    expect(formatFileSize(0, 'en-US')).toBe('0 B');
    expect(formatFileSize(1023, 'en-US')).toBe('1,023 B');
    expect(formatFileSize(1024, 'en-US')).toBe('1 kB');
    expect(formatFileSize(1536, 'en-US')).toBe('1.5 kB');
    expect(formatFileSize(megabytes(100), 'en-US')).toBe('100 MB');
  });

  it('shows one decimal below ten units, none above, in the language of the user', () => {
    expect(formatFileSize(1536, 'cs')).toBe('1,5 kB');
    expect(formatFileSize(megabytes(2.25), 'cs')).toBe('2,3 MB');
    expect(formatFileSize(megabytes(12.6), 'cs')).toBe('13 MB');
  });
});
