import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretsKeyFrom, SECRETS_KEY_FILE } from './secretBox';

describe('sealed secrets (platform/secretBox.ts)', () => {
  it('seals a value so that it is not readable and opens it again; an altered one does not open', () => {
    const sealed = sealSecret('https://app.example/resetPassword?token=abc123');
    expect(sealed).not.toContain('abc123');
    expect(sealSecret('same')).not.toBe(sealSecret('same'));
    expect(openSecret(sealed)).toBe('https://app.example/resetPassword?token=abc123');
    // One bit of the ciphertext flipped (not a base64 character, which may only change padding bits).
    const prefix = sealed.slice(0, sealed.indexOf(':') + 1);
    const bytes = Buffer.from(sealed.slice(prefix.length), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openSecret(prefix + bytes.toString('base64'))).toThrow();
  });

  it('takes SECRETS_KEY, else keeps a generated key in DATA_DIR readable by the owner only', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-key-'));
    try {
      const generated = secretsKeyFrom(undefined, dataDir);
      expect(generated).toHaveLength(32);
      const file = path.join(dataDir, SECRETS_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(secretsKeyFrom(undefined, dataDir).equals(generated)).toBe(true);
      expect(secretsKeyFrom('ab'.repeat(32), dataDir).toString('hex')).toBe('ab'.repeat(32));
      expect(() => secretsKeyFrom('short', dataDir)).toThrow(/SECRETS_KEY/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
