import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  port: number;
  /** Embedded database files, uploaded files; default `./data`. */
  dataDir: string;
  /** Real PostgreSQL when set; otherwise the embedded PGlite database under `dataDir`. */
  databaseUrl?: string;
  adminPassword?: string;
  logLevel: LogLevel;
  /** SMTP connection URL for the e-mail worker; without it e-mails are delivered to the log. */
  smtpUrl?: string;
  /** Sender of outgoing e-mail (`MAIL_FROM`). */
  mailFrom: string;
  /** Public address of the web app, used in links sent by e-mail; default: the request's origin. */
  publicUrl?: string;
  /** Proxies trusted for the client address: `true` (any), or addresses/CIDRs separated by commas. */
  trustProxy: boolean | string;
  /** Directory with the built web app to serve at `/`. */
  webDir?: string;
  /**
   * Whether an empty database gets the demo sites and users (`DEMO_DATA=true|false`); unset: only the
   * embedded PGlite database does.
   */
  demoData?: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: (env.LOG_LEVEL as LogLevel) ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mailFrom: env.MAIL_FROM || 'Strážce <noreply@localhost>',
    demoData: parseFlag('DEMO_DATA', env.DEMO_DATA),
  };
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
