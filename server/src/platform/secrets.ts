import { hash as digest, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import * as OTPAuth from 'otpauth';

/** A fresh random token (256 bits, URL-safe). Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, as stored: the one-shot `crypto.hash`, on every authenticated call (a fifth of a Hash object's cost). */
export function hashToken(token: string): string {
  return digest('sha256', token, 'hex');
}

// argon2id with the OWASP minimum parameters (19 MiB, 2 passes).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Verified against when the user does not exist, so a missing user costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(newToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_ISSUER = 'Strážce';

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, userName: string): string {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: userName,
    secret: OTPAuth.Secret.fromBase32(secret),
  }).toString();
}

/**
 * The RFC 6238 time step a code belongs to (one step of clock drift allowed either way), or null when the
 * code is wrong. Callers refuse a step that is not newer than the last accepted one (replay).
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
  });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
