import { describe, expect, it } from 'vitest';
import { fillSecrets, markSecrets, maskSecrets } from './secrets';

describe('credentials in outbox messages', () => {
  const text = 'Parcel 42 in box A1: PIN 482913, valid until 12:00. Again: 482913.';

  it('stores each credential as a mark and fills it back when sending', () => {
    const stored = markSecrets(text, ['482913']);
    expect(stored).toBe('Parcel 42 in box A1: PIN ⟦secret 1⟧, valid until 12:00. Again: ⟦secret 1⟧.');
    expect(stored).not.toContain('482913');
    expect(fillSecrets(stored, ['482913'])).toBe(text);
  });

  it('masks the marks for the logs, and once the values are forgotten', () => {
    const stored = markSecrets('https://app.example/resetPassword?token=abc%2Bdef and 1234', [
      'abc%2Bdef',
      '1234',
    ]);
    expect(maskSecrets(stored)).toBe('https://app.example/resetPassword?token=******** and ********');
    expect(fillSecrets(stored, null)).toBe(maskSecrets(stored));
  });

  it('leaves a text without credentials as it is', () => {
    expect(markSecrets(text, [])).toBe(text);
    expect(markSecrets(text, [''])).toBe(text);
    expect(maskSecrets(text)).toBe(text);
  });
});
