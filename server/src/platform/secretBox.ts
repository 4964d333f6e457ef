import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Credentials the app must keep for a while and use again in clear (a reset link's token, a parcel's PIN until
 * its message has left: messaging/outbox.ts) are stored sealed with AES-256-GCM, so that a copy of the
 * database (its files, its write-ahead log, a backup) opens no account without the key, which is never in the
 * database. The key: `SECRETS_KEY` (32 bytes as 64 hex digits or base64), else the file `DATA_DIR/secrets.key`
 * (made with 32 random bytes and mode 0600 at the first start; not part of `npm run backup`). Without either
 * (tests, a process without a data folder) a random key of the process.
 */
const PREFIX = 'aes-256-gcm:';
export const SECRETS_KEY_FILE = 'secrets.key';

let configured: Buffer | undefined;
let processKey: Buffer | undefined;

/** The key every later seal and open uses (main.ts, at start). */
export function useSecretsKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (64 hex digits or base64)');
  configured = key;
}

const key = () => configured ?? (processKey ??= randomBytes(32));

/** The key named by `SECRETS_KEY`, or the one kept in `DATA_DIR/secrets.key` (created when missing). */
export function secretsKeyFrom(value: string | undefined, dataDir: string): Buffer {
  if (value) {
    const text = value.trim();
    const parsed = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (parsed.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (64 hex digits or base64)');
    return parsed;
  }
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return secretsKeyFrom(fs.readFileSync(file, 'utf8'), dataDir);
}

/** The value sealed: `aes-256-gcm:` + base64 of nonce (12 bytes), tag (16) and ciphertext. */
export function sealSecret(value: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), nonce);
  const encrypted = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), encrypted]).toString('base64');
}

/** The value of a sealed secret; throws when it was sealed with another key or altered. */
export function openSecret(sealed: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
