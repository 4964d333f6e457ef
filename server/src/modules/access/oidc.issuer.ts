import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { isLoopbackHost, type OidcIssuerConfig } from '../../config';
import type { DirectoryIdentity } from './directory.service';

/** The issuer did not answer (down, time-out, a discovery document or keys it cannot serve): nobody's fault. */
export class IssuerUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The identity provider does not answer', { cause });
    this.name = 'IssuerUnavailableError';
  }
}

/**
 * The issuer answered, but the sign-in does not hold: an error in the redirect (`access_denied`…), a state or
 * nonce that is not this browser's, a code used already, an ID token that fails its checks (signature, `iss`,
 * `aud`, `exp`).
 */
export class SignInFailedError extends Error {
  constructor(cause: unknown) {
    super('The sign-in with the identity provider failed', { cause });
    this.name = 'SignInFailedError';
  }
}

/** What the browser's sign-in must bring back: kept sealed in a cookie between the start and the callback. */
export interface SignInChecks {
  state: string;
  nonce: string;
  /** The PKCE code verifier (RFC 7636); the issuer only ever sees its S256 challenge. */
  verifier: string;
}

/** Who the issuer vouched for in a checked ID token. */
export interface IssuerIdentity extends DirectoryIdentity {
  /** The ID token's `amr` (RFC 8176): how the user authenticated at the issuer. */
  amr: string[];
}

/** One OpenID Connect issuer, as the sign-in uses it (docs/auth-providers.md). */
export interface OidcIssuerClient {
  readonly config: OidcIssuerConfig;
  /** Where the browser goes to sign in, with fresh state, nonce and PKCE verifier. */
  start(redirectUri: string): Promise<{ url: URL; checks: SignInChecks }>;
  /**
   * Exchanges the code of the callback (the full callback address) with the checks of its start, and checks
   * the ID token (openid-client: signature by the issuer's JWKS, `iss`, `aud`, `exp`, `iat`, `nonce`).
   */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<IssuerIdentity>;
}

/** A claim's values as a list of texts: a list, a single text, or nothing. */
function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** The identity an ID token's claims give by the issuer's settings; null when the user claim is missing. */
export function identityOf(config: OidcIssuerConfig, claims: Record<string, unknown>): IssuerIdentity | null {
  const [userName] = texts(claims[config.userClaim]);
  if (!userName || userName.length > 100) return null;
  return {
    userName,
    groups: texts(claims[config.groupsClaim]).map((group) => group.toLowerCase()),
    amr: texts(claims.amr),
  };
}

/** Whether the issuer's own second factor counts for the product's (`trustAmr` against the ID token's `amr`). */
export function mfaTrusted(config: OidcIssuerConfig, identity: Pick<IssuerIdentity, 'amr'>): boolean {
  return identity.amr.some((value) => config.trustAmr.includes(value));
}

export function oidcIssuerClient(config: OidcIssuerConfig, timeoutMs: number): OidcIssuerClient {
  const issuerUrl = new URL(config.issuer);
  const insecure = issuerUrl.protocol === 'http:' && isLoopbackHost(issuerUrl.hostname);
  const timeout = Math.max(1, Math.ceil(timeoutMs / 1000));
  let discovered: Promise<client.Configuration> | null = null;

  /** The issuer's metadata (discovery), fetched once; a failed discovery is tried again at the next sign-in. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuerUrl,
        config.clientId,
        undefined,
        config.clientSecret ? client.ClientSecretBasic(config.clientSecret) : client.None(),
        { timeout, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      )
      .then((found) => {
        found.timeout = timeout;
        return found;
      })
      .catch((error: unknown) => {
        discovered = null;
        throw new IssuerUnavailableError(error);
      });
    return discovered;
  }

  return {
    config,
    async start(redirectUri) {
      const found = await configuration();
      const checks: SignInChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(found, {
        redirect_uri: redirectUri,
        scope: config.scopes.join(' '),
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },
    async finish(callbackUrl, checks) {
      const found = await configuration();
      let claims: Record<string, unknown> | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(found, callbackUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        // The issuer's refusals and the checks openid-client makes are the sign-in's fault; anything else
        // (a connection refused, a time-out) is the issuer not answering.
        if (
          error instanceof client.ClientError ||
          error instanceof client.ResponseBodyError ||
          error instanceof client.AuthorizationResponseError ||
          error instanceof client.WWWAuthenticateChallengeError
        )
          throw new SignInFailedError(error);
        throw new IssuerUnavailableError(error);
      }
      const identity = claims && identityOf(config, claims);
      if (!identity) throw new SignInFailedError(new Error(`the ID token has no ${config.userClaim}`));
      return identity;
    },
  };
}

/**
 * Seals small values for the browser to carry (the state cookie, the hand-over code): AES-256-GCM under a key
 * from the secret, bound to a purpose and an expiry. Any instance with the same secret opens what another
 * sealed; a changed, foreign or expired value opens as null.
 */
export function sealer(secret: string) {
  const key = createHash('sha256').update(`strazce-oidc\0${secret}`).digest();
  return {
    seal(purpose: string, value: object, expiresAt: number): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(JSON.stringify({ value, exp: expiresAt })), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open<T>(purpose: string, sealed: string | undefined, now: number): T | null {
      if (!sealed || sealed.length > 4096) return null;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(raw.subarray(12, 28));
        const opened = JSON.parse(
          Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
        ) as { value: T; exp: number };
        return typeof opened.exp === 'number' && opened.exp > now ? opened.value : null;
      } catch {
        return null;
      }
    },
  };
}
