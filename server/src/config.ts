// Over 600 lines on purpose: every environment setting of the server is read and checked here, at the start, so
// that a bad value stops the start with its name instead of failing later (README's table is the same list). The
// company directory's settings (LDAP_*, OIDC_*) are the next part to move to a file of their own if it grows.
import path from 'node:path';
import { REQUEST_LOG_LEVELS, type LogLevel, type RequestLogLevel } from './platform/logging';

export const DATABASE_POOLERS = ['none', 'session', 'transaction'] as const;
export type DatabasePooler = Exclude<(typeof DATABASE_POOLERS)[number], 'none'>;

export const BLACKLIST_PROVIDERS = ['none', 'simulator', 'http'] as const;
export type BlacklistProviderKind = (typeof BLACKLIST_PROVIDERS)[number];

/** The government blacklist register (docs/blacklist-provider.md). */
export interface BlacklistConfig {
  /**
   * `BLACKLIST_PROVIDER`: `none`, `simulator` or `http`; unset: `http` when BLACKLIST_URL is set, else the
   * simulator with demo data and none without.
   */
  provider?: BlacklistProviderKind;
  /** `BLACKLIST_URL`: the HTTP provider's address (POST JSON). */
  url?: string;
  /** `BLACKLIST_TIMEOUT_MS`: how long an entry waits for the answer; default 3000. */
  timeoutMs: number;
  /** `BLACKLIST_TOKEN`: sent to the HTTP provider as `Authorization: Bearer <token>`. */
  token?: string;
}

export const EGOV_PROVIDER_KINDS = ['simulator', 'http', 'none'] as const;

/** The electronic identity document provider (docs/egov-provider.md). */
export interface EgovConfig {
  /**
   * `EGOV_PROVIDER`: `simulator`, `http` or `none`; unset: `http` when EGOV_URL is set, else the simulator with
   * demo data and none without (providerKind).
   */
  provider?: (typeof EGOV_PROVIDER_KINDS)[number];
  /** `EGOV_URL`: the HTTP provider's base address (`/init`, `/result/{id}` below it). */
  url?: string;
  /** `EGOV_TOKEN`: sent to the HTTP provider as `Authorization: Bearer <token>`. */
  token?: string;
  /** `EGOV_TIMEOUT_MS`: how long a call waits for the provider; default 5000. */
  timeoutMs: number;
  /** `EGOV_SIMULATOR_FAIL=true`: the simulator fails every call (to try the error paths). */
  simulatorFail: boolean;
}

export const LDAP_PROVISIONING = ['existing', 'mapped'] as const;

/**
 * The company directory (LDAP, Active Directory) users with the provider LDAP log in against
 * (docs/auth-providers.md). Server configuration rather than settings in the database: the bind password is a
 * secret that must not sit in the database, its backups and the audit, and the address and TLS choice belong to
 * the installation as SMTP_URL does. What follows from it for users (group mapping, provisioning) is shown to
 * administrators through `/api/system_option/authproviders` and the configuration report.
 */
export interface LdapConfig {
  /** `LDAP_URL`: `ldaps://…`, or `ldap://…` with `LDAP_STARTTLS=true`; plain `ldap://` only on the loopback. */
  url: string;
  /** `LDAP_STARTTLS=true`: upgrade an `ldap://` connection with StartTLS before anything is sent. */
  startTls: boolean;
  /** `LDAP_CA_FILE`: the certificate authority (PEM) the directory's certificate is checked against. */
  caFile?: string;
  /** `LDAP_BIND_DN` and `LDAP_BIND_PASSWORD`: the service account that searches; unset: anonymous search. */
  bindDn?: string;
  bindPassword?: string;
  /** `LDAP_USER_BASE`: where users are searched (subtree). */
  userBase: string;
  /**
   * `LDAP_USER_FILTER`: which entries are users that may log in, ANDed with the user name's equality
   * filter; default `(objectClass=person)`. A disabled account left out here cannot log in (AD:
   * `(!(userAccountControl:1.2.840.113556.1.4.803:=2))`).
   */
  userFilter: string;
  /** `LDAP_USERNAME_ATTRIBUTE`: the attribute that holds the user name; default `uid` (AD: `sAMAccountName`). */
  usernameAttribute: string;
  /** `LDAP_GROUP_ATTRIBUTE`: the attribute listing the user's groups' DNs; default `memberOf`. */
  groupAttribute: string;
  /** `LDAP_TIMEOUT_MS`: connecting and each operation; default 5000. */
  timeoutMs: number;
  /**
   * `LDAP_RECHECK_SECONDS`: how long a directory user's session goes without asking the directory again
   * whether the account still may log in; default 60, 0 on every call.
   */
  recheckSeconds: number;
  /**
   * `LDAP_PROVISIONING`: `existing` (default): only users an administrator created log in; `mapped`: a
   * directory user in a mapped group is created at the first login with the mapped groups.
   */
  provisioning: (typeof LDAP_PROVISIONING)[number];
  /**
   * `LDAP_GROUP_MAP` (JSON): which directory groups give which of the product's user groups and sites,
   * `[{ "directoryGroup": "<group DN>", "group": "<user group name>", "site": "<site name>" }]`. Applied at each
   * login of a directory user; with a mapping, a user in none of its directory groups cannot log in.
   */
  groupMap: LdapGroupMapping[];
}

/**
 * One entry of a group mapping (`LDAP_GROUP_MAP`, an issuer's `groupMap` in `OIDC_ISSUERS`): the members of a
 * directory group get a user group and/or a site of the product.
 */
export interface GroupMapping {
  /**
   * The directory's group: its DN as the user's `memberOf` lists it (LDAP), or a value of the ID token's groups
   * claim (OIDC); compared without regard to case.
   */
  directoryGroup: string;
  /** The product's user group (by name) a member gets. */
  group?: string;
  /** The site (by name) a member gets. */
  site?: string;
}
export type LdapGroupMapping = GroupMapping;

function parseGroupMap(value: string | undefined, name = 'LDAP_GROUP_MAP'): GroupMapping[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`${name} must be JSON: [{ "directoryGroup": "cn=…", "group": "…", "site": "…" }]`);
  }
  return groupMapOf(parsed, name);
}

function groupMapOf(parsed: unknown, name: string): GroupMapping[] {
  const text = (item: unknown) => typeof item === 'string' && item.trim().length > 0;
  if (
    !Array.isArray(parsed) ||
    !parsed.every(
      (entry) =>
        entry &&
        typeof entry === 'object' &&
        text(entry.directoryGroup) &&
        (entry.group === undefined || text(entry.group)) &&
        (entry.site === undefined || text(entry.site)) &&
        (entry.group !== undefined || entry.site !== undefined),
    )
  )
    throw new Error(`${name} entries need directoryGroup and a group or a site (names)`);
  return (parsed as GroupMapping[]).map((entry) => ({
    directoryGroup: entry.directoryGroup.trim(),
    ...(entry.group ? { group: entry.group.trim() } : {}),
    ...(entry.site ? { site: entry.site.trim() } : {}),
  }));
}

/**
 * One OpenID Connect issuer users with the provider OIDC sign in with (`OIDC_ISSUERS`, docs/auth-providers.md):
 * the authorization code flow with PKCE, state and nonce, the ID token checked against the issuer's keys.
 */
export interface OidcIssuerConfig {
  /** In the addresses (`/api/session/oidc/<id>/…`): lower-case letters, digits and `-`. */
  id: string;
  /** What the login page's button names ("Sign in with <name>"). */
  name: string;
  /** The issuer's address (`iss`); its discovery document is at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** The client secret (`clientSecret`, or the variable `clientSecretEnv` names); none: a public client. */
  clientSecret?: string;
  /** The variable the secret was read from, when `clientSecretEnv` named one (the report names it). */
  clientSecretEnv?: string;
  /** Asked for at the issuer; always with `openid`. Default `openid profile email`. */
  scopes: string[];
  /** The ID token claim whose value is the product's user name; default `preferred_username`. */
  userClaim: string;
  /** The ID token claim listing the user's groups; default `groups`. */
  groupsClaim: string;
  /** Which of the issuer's groups give which user groups and sites (as LDAP_GROUP_MAP). */
  groupMap: GroupMapping[];
  /**
   * `amr` values (RFC 8176: `mfa`, `otp`, `hwk`…) that mean the issuer checked a second factor: with one of
   * them in the ID token the product's TOTP code is not asked. Empty (default): the product's two-factor applies.
   */
  trustAmr: string[];
  /** `existing` (default) or `mapped`: a user of a mapped group is created at the first sign-in. */
  provisioning: (typeof LDAP_PROVISIONING)[number];
}

/** Sign-in with OpenID Connect issuers (`OIDC_ISSUERS` and the rest); unset: nobody has the provider OIDC. */
export interface OidcConfig {
  issuers: OidcIssuerConfig[];
  /**
   * `OIDC_COOKIE_SECRET` (32 characters or more): seals the short-lived state cookie and the hand-over code, so
   * that any instance finishes a sign-in another started. Unset: a random one per process (one instance only).
   */
  cookieSecret?: string;
  /** `OIDC_TIMEOUT_MS`: each call to an issuer (discovery, token); default 5000. */
  timeoutMs: number;
  /** Where the issuers send the browser back: `<PUBLIC_URL>/api/session/oidc/<id>/callback`. */
  publicUrl: string;
}

const OIDC_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const CLAIM = /^[A-Za-z0-9_.:/-]{1,100}$/;

export function parseOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const value = env.OIDC_ISSUERS || undefined;
  if (!value) return undefined;
  const example =
    '[{ "id": "corp", "name": "Corp", "issuer": "https://…", "clientId": "…", "clientSecretEnv": "OIDC_CORP_SECRET" }]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`OIDC_ISSUERS must be JSON: ${example}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw new Error(`OIDC_ISSUERS must be a non-empty JSON list: ${example}`);
  const publicUrl = parseOrigin('PUBLIC_URL', env.PUBLIC_URL, true);
  if (!publicUrl)
    throw new Error(
      'OIDC_ISSUERS needs PUBLIC_URL: the issuers send the browser back to <PUBLIC_URL>/api/session/oidc/<id>/callback',
    );
  const issuers = parsed.map((entry: unknown, index) => oidcIssuer(entry, index, env));
  const ids = issuers.map((issuer) => issuer.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) throw new Error(`OIDC_ISSUERS: the id ${twice} is given twice`);
  const cookieSecret = env.OIDC_COOKIE_SECRET || undefined;
  if (cookieSecret !== undefined && cookieSecret.length < 32)
    throw new Error('OIDC_COOKIE_SECRET must be at least 32 characters long');
  const timeoutMs = parseMs('OIDC_TIMEOUT_MS', env.OIDC_TIMEOUT_MS, 5000);
  return { issuers, cookieSecret, timeoutMs: timeoutMs === 0 ? 5000 : timeoutMs, publicUrl };
}

function oidcIssuer(entry: unknown, index: number, env: NodeJS.ProcessEnv): OidcIssuerConfig {
  const where = `OIDC_ISSUERS[${index}]`;
  if (!entry || typeof entry !== 'object' || Array.isArray(entry))
    throw new Error(`${where} must be an object`);
  const item = entry as Record<string, unknown>;
  const known = [
    'id',
    'name',
    'issuer',
    'clientId',
    'clientSecret',
    'clientSecretEnv',
    'scopes',
    'userClaim',
    'groupsClaim',
    'groupMap',
    'trustAmr',
    'provisioning',
  ];
  const unknown = Object.keys(item).find((key) => !known.includes(key));
  if (unknown) throw new Error(`${where}: unknown setting ${unknown} (known: ${known.join(', ')})`);
  const text = (key: string, required: boolean): string | undefined => {
    const found = item[key];
    if (found === undefined && !required) return undefined;
    if (typeof found !== 'string' || found.trim().length === 0)
      throw new Error(`${where}.${key} must be a non-empty text`);
    return found.trim();
  };
  const id = text('id', true)!;
  if (!OIDC_ID.test(id)) throw new Error(`${where}.id must be lower-case letters, digits and -, got ${id}`);
  const issuer = text('issuer', true)!;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`${where}.issuer must be an https:// address, got ${issuer}`);
  }
  // Tokens and the client secret cross the network: encrypted, except on this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new Error(
      `${where}.issuer must be an https:// address (http:// only on the loopback), got ${issuer}`,
    );
  if (item.clientSecret !== undefined && item.clientSecretEnv !== undefined)
    throw new Error(`${where}: clientSecret or clientSecretEnv, not both`);
  const secretEnv = text('clientSecretEnv', false);
  const clientSecret = secretEnv ? env[secretEnv] : text('clientSecret', false);
  if (secretEnv && !clientSecret)
    throw new Error(`${where}.clientSecretEnv names ${secretEnv}, which is not set`);
  const list = (key: string, fallback: string[]): string[] => {
    const found = item[key];
    if (found === undefined) return fallback;
    if (!Array.isArray(found) || !found.every((value) => typeof value === 'string' && CLAIM.test(value)))
      throw new Error(`${where}.${key} must be a list of names`);
    return found as string[];
  };
  const scopes = list('scopes', ['openid', 'profile', 'email']);
  if (!scopes.includes('openid')) throw new Error(`${where}.scopes must include openid`);
  const claim = (key: string, fallback: string) => {
    const found = text(key, false) ?? fallback;
    if (!CLAIM.test(found)) throw new Error(`${where}.${key} must be a claim name, got ${found}`);
    return found;
  };
  const provisioning = item.provisioning === undefined ? 'existing' : text('provisioning', true)!;
  if (!(LDAP_PROVISIONING as readonly string[]).includes(provisioning))
    throw new Error(
      `${where}.provisioning must be one of ${LDAP_PROVISIONING.join(', ')}, got ${provisioning}`,
    );
  const groupMap = item.groupMap === undefined ? [] : groupMapOf(item.groupMap, `${where}.groupMap`);
  if (provisioning === 'mapped' && groupMap.length === 0)
    throw new Error(`${where}: provisioning mapped needs a groupMap (the groups whose members are created)`);
  return {
    id,
    name: text('name', true)!.slice(0, 60),
    issuer,
    clientId: text('clientId', true)!,
    ...(clientSecret ? { clientSecret } : {}),
    ...(secretEnv ? { clientSecretEnv: secretEnv } : {}),
    scopes,
    userClaim: claim('userClaim', 'preferred_username'),
    groupsClaim: claim('groupsClaim', 'groups'),
    groupMap,
    trustAmr: list('trustAmr', []),
    provisioning: provisioning as OidcIssuerConfig['provisioning'],
  };
}

export interface AppConfig {
  port: number;
  /**
   * Address to listen on (`HOST`); unset: every interface, except 127.0.0.1 while demo users with the
   * published password exist (see main.ts).
   */
  host?: string;
  /** Embedded database files, uploaded files; default `./data`. */
  dataDir: string;
  /** Real PostgreSQL when set; otherwise the embedded PGlite database under `dataDir`. */
  databaseUrl?: string;
  /**
   * `DATABASE_POOLER`: what `databaseUrl` reaches, when a connection pooler (PgBouncer): `session` or
   * `transaction` (every statement unnamed; needs `databaseDirectUrl`). docs/operations.md, "Behind a pooler".
   */
  databasePooler?: DatabasePooler;
  /**
   * `DATABASE_DIRECT_URL`: the same database without the pooler, for what needs a session of its own (the
   * migrations at start under their lock, LISTEN); default `databaseUrl`.
   */
  databaseDirectUrl?: string;
  adminPassword?: string;
  logLevel: LogLevel;
  /** SMTP connection URL for the e-mail worker; without it e-mails are delivered to the log. */
  smtpUrl?: string;
  /**
   * `SMTP_TIMEOUT_MS`: how long the SMTP server may take to accept a connection, greet and answer each command;
   * a server that hangs then makes a failed attempt the outbox retries with back-off (nodemailer's own
   * defaults wait up to ten minutes on a silent socket).
   */
  smtpTimeoutMs: number;
  /** Sender of outgoing e-mail (`MAIL_FROM`). */
  mailFrom: string;
  /** Public address of the web app, used in links sent by e-mail; default: the request's origin. */
  publicUrl?: string;
  /**
   * Origins the web app is served from (`RESET_LINK_ORIGINS`, comma-separated), used for reset links when
   * `publicUrl` is not set: the request's Origin when listed, else the first. The Host header never is.
   */
  resetOrigins: string[];
  /** Without SMTP: a directory that receives every e-mail as a file (`MAIL_DIR`, a pickup directory). */
  mailDir?: string;
  /** Proxies trusted for the client address: `true` (any), or addresses/CIDRs separated by commas. */
  trustProxy: boolean | string;
  /** Directory with the built web app to serve at `/`. */
  webDir?: string;
  /**
   * Whether an empty database gets the demo sites and users (`DEMO_DATA=true|false`); unset: only the
   * embedded PGlite database does.
   */
  demoData?: boolean;
  /** The government blacklist register. */
  blacklist: BlacklistConfig;
  /** The electronic identity document provider. */
  egov: EgovConfig;
  /** The SMS gateway (`SMS_URL`, `SMS_TOKEN`, `SMS_TIMEOUT_MS`); without `SMS_URL` SMS go to the log. */
  sms: { url?: string; token?: string; timeoutMs: number };
  /** The company directory (`LDAP_URL` and the rest); unset: nobody logs in with the provider LDAP. */
  ldap?: LdapConfig;
  /** OpenID Connect issuers (`OIDC_ISSUERS` and the rest); unset: nobody signs in with the provider OIDC. */
  oidc?: OidcConfig;
  /** `LOG_REQUESTS`: the level of the one line per answered request; `debug` by default, `off` for none. */
  logRequests: RequestLogLevel;
  /** `METRICS_PORT`: the metrics on a port of their own (`GET /metrics`). */
  metricsPort?: number;
  /** `METRICS_TOKEN`: the metrics at `/api/metrics` to `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** `SHUTDOWN_TIMEOUT_MS`: the longest wait for requests in flight at a stop; default 10000. */
  shutdownTimeoutMs: number;
  /** `SHUTDOWN_DELAY_MS`: how long readiness says 503 before the server stops accepting; default 0. */
  shutdownDelayMs: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    ...parsePooler(env),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: (env.LOG_LEVEL as LogLevel) ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    smtpTimeoutMs: parseMs('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, 10_000),
    publicUrl: parseOrigin('PUBLIC_URL', env.PUBLIC_URL, true),
    resetOrigins: (env.RESET_LINK_ORIGINS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => parseOrigin('RESET_LINK_ORIGINS', entry)!),
    mailDir: env.MAIL_DIR ? path.resolve(env.MAIL_DIR) : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mailFrom: env.MAIL_FROM || 'Strážce <noreply@localhost>',
    demoData: parseFlag('DEMO_DATA', env.DEMO_DATA),
    blacklist: parseBlacklist(env),
    egov: parseEgov(env),
    sms: { ...parseProviderAddress(env, 'SMS', false, 5000), token: env.SMS_TOKEN || undefined },
    ldap: parseLdap(env),
    oidc: parseOidc(env),
    logRequests: parseChoice('LOG_REQUESTS', env.LOG_REQUESTS, REQUEST_LOG_LEVELS) ?? 'debug',
    metricsPort: env.METRICS_PORT ? parsePort('METRICS_PORT', env.METRICS_PORT) : undefined,
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    shutdownTimeoutMs: parseMs('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    shutdownDelayMs: parseMs('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0),
  };
}

function parsePooler(env: NodeJS.ProcessEnv): Pick<AppConfig, 'databasePooler' | 'databaseDirectUrl'> {
  const chosen = parseChoice('DATABASE_POOLER', env.DATABASE_POOLER, DATABASE_POOLERS);
  const pooler = chosen === 'none' ? undefined : chosen;
  const directUrl = env.DATABASE_DIRECT_URL || undefined;
  if (pooler && !env.DATABASE_URL) throw new Error(`DATABASE_POOLER=${pooler} needs DATABASE_URL`);
  // Through a pooler in transaction mode a session lock or a LISTEN would hold on to nothing.
  if (pooler === 'transaction' && !directUrl)
    throw new Error(
      'DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL (the database without the pooler)',
    );
  return { databasePooler: pooler, databaseDirectUrl: directUrl };
}

function parseChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[]) {
  if (!value) return undefined;
  if (!(choices as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${choices.join(', ')}, got ${value}`);
  return value as T;
}

function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number, got ${value}`);
  return port;
}

function parseMs(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000)
    throw new Error(`${name} must be milliseconds from 0 to 600000, got ${value}`);
  return ms;
}

/** A token guessed in a scrape's worth of tries would open the metrics to anyone. */
function parseMetricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 24) throw new Error('METRICS_TOKEN must be at least 24 characters long');
  return value;
}

/**
 * An outside provider's `<PREFIX>_URL` (http or https; required when `needed`, its provider being `http`) and
 * `<PREFIX>_TIMEOUT_MS` (1–60000 ms, `defaultMs` when unset).
 */
function parseProviderAddress(
  env: NodeJS.ProcessEnv,
  prefix: string,
  needed: boolean,
  defaultMs: number,
): { url: string | undefined; timeoutMs: number } {
  const url = env[`${prefix}_URL`] || undefined;
  if (url !== undefined && !/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : ''))
    throw new Error(`${prefix}_URL must be an http(s) address, got ${url}`);
  if (needed && !url) throw new Error(`${prefix}_PROVIDER=http needs ${prefix}_URL`);
  const timeoutMs = Number(env[`${prefix}_TIMEOUT_MS`] || defaultMs);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000)
    throw new Error(
      `${prefix}_TIMEOUT_MS must be milliseconds from 1 to 60000, got ${env[`${prefix}_TIMEOUT_MS`]}`,
    );
  return { url, timeoutMs };
}

/**
 * The outside provider a configuration means (the blacklist register, the eID reader): the one named, else the
 * HTTP one when its URL is set, else the simulator where demo data is on and none elsewhere. A simulator never
 * runs on a real installation unless an operator names it.
 */
export function providerKind<Kind extends 'none' | 'simulator' | 'http'>(
  named: Kind | undefined,
  url: string | undefined,
  demoData: boolean,
): Kind | 'none' | 'simulator' | 'http' {
  return named ?? (url ? 'http' : demoData ? 'simulator' : 'none');
}

/** Whether the demo data set is on: `DEMO_DATA`, else only on the embedded database. */
export function demoDataOn(config: Pick<AppConfig, 'demoData' | 'databaseUrl'>): boolean {
  return config.demoData ?? !config.databaseUrl;
}

function parseBlacklist(env: NodeJS.ProcessEnv): BlacklistConfig {
  const provider = parseChoice('BLACKLIST_PROVIDER', env.BLACKLIST_PROVIDER, BLACKLIST_PROVIDERS);
  const { url, timeoutMs } = parseProviderAddress(env, 'BLACKLIST', provider === 'http', 3000);
  return {
    provider: provider as BlacklistProviderKind | undefined,
    url,
    timeoutMs,
    token: env.BLACKLIST_TOKEN || undefined,
  };
}

function parseEgov(env: NodeJS.ProcessEnv): EgovConfig {
  const provider = parseChoice('EGOV_PROVIDER', env.EGOV_PROVIDER, EGOV_PROVIDER_KINDS);
  const { url, timeoutMs } = parseProviderAddress(env, 'EGOV', provider === 'http', 5000);
  return {
    ...(provider ? { provider } : {}),
    url,
    token: env.EGOV_TOKEN || undefined,
    timeoutMs,
    simulatorFail: parseFlag('EGOV_SIMULATOR_FAIL', env.EGOV_SIMULATOR_FAIL) ?? false,
  };
}

/** Whether a host name is this machine (127.0.0.0/8, ::1, localhost): no one else sees the traffic there. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function parseLdap(env: NodeJS.ProcessEnv): LdapConfig | undefined {
  const url = env.LDAP_URL || undefined;
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`LDAP_URL must be an ldap:// or ldaps:// address, got ${url}`);
  }
  if (parsed.protocol !== 'ldap:' && parsed.protocol !== 'ldaps:')
    throw new Error(`LDAP_URL must be an ldap:// or ldaps:// address, got ${url}`);
  const startTls = parseFlag('LDAP_STARTTLS', env.LDAP_STARTTLS) ?? false;
  // A password typed at the login crosses the network to the directory: encrypted, except on this machine.
  if (parsed.protocol === 'ldap:' && !startTls && !isLoopbackHost(parsed.hostname))
    throw new Error('LDAP_URL must be ldaps://, or ldap:// with LDAP_STARTTLS=true, unless on the loopback');
  const provisioning =
    parseChoice('LDAP_PROVISIONING', env.LDAP_PROVISIONING, LDAP_PROVISIONING) ?? 'existing';
  if (provisioning === 'mapped' && !env.LDAP_GROUP_MAP)
    throw new Error('LDAP_PROVISIONING=mapped needs LDAP_GROUP_MAP (the groups whose members are created)');
  if (!env.LDAP_USER_BASE) throw new Error('LDAP_URL needs LDAP_USER_BASE (where users are searched)');
  if (!!env.LDAP_BIND_DN !== !!env.LDAP_BIND_PASSWORD)
    throw new Error('LDAP_BIND_DN and LDAP_BIND_PASSWORD go together (neither: anonymous search)');
  const userFilter = env.LDAP_USER_FILTER || '(objectClass=person)';
  if (!/^\(.*\)$/s.test(userFilter)) throw new Error(`LDAP_USER_FILTER must be a filter in parentheses`);
  const attribute = (name: string, fallback: string) => {
    const value = env[name] || fallback;
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(value))
      throw new Error(`${name} must be an attribute name, got ${value}`);
    return value;
  };
  const recheck = Number(env.LDAP_RECHECK_SECONDS || 60);
  if (!Number.isInteger(recheck) || recheck < 0 || recheck > 86_400)
    throw new Error(`LDAP_RECHECK_SECONDS must be seconds from 0 to 86400, got ${env.LDAP_RECHECK_SECONDS}`);
  const timeoutMs = parseMs('LDAP_TIMEOUT_MS', env.LDAP_TIMEOUT_MS, 5000);
  return {
    url,
    startTls,
    caFile: env.LDAP_CA_FILE || undefined,
    bindDn: env.LDAP_BIND_DN || undefined,
    bindPassword: env.LDAP_BIND_PASSWORD || undefined,
    userBase: env.LDAP_USER_BASE,
    userFilter,
    usernameAttribute: attribute('LDAP_USERNAME_ATTRIBUTE', 'uid'),
    groupAttribute: attribute('LDAP_GROUP_ATTRIBUTE', 'memberOf'),
    timeoutMs: timeoutMs === 0 ? 5000 : timeoutMs,
    recheckSeconds: recheck,
    provisioning,
    groupMap: parseGroupMap(env.LDAP_GROUP_MAP),
  };
}

/** An http(s) address; PUBLIC_URL may carry a path (the app behind a prefix), origins may not. */
function parseOrigin(name: string, value: string | undefined, withPath = false): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) address, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) address, got ${value}`);
  return withPath ? value.replace(/\/+$/, '') : url.origin;
}

/**
 * Where the server listens: HOST when set; else 127.0.0.1 while users with the published demo password
 * exist (nobody else on the network can use them), else every interface.
 */
export function listenHost(config: Pick<AppConfig, 'host'>, demoPasswordUsers: readonly string[]): string {
  if (config.host) return config.host;
  return demoPasswordUsers.length > 0 ? '127.0.0.1' : '0.0.0.0';
}

function parseFlag(name: string, value: string | undefined): boolean | undefined {
  if (!value) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false, got ${value}`);
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
