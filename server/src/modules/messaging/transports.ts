import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface OutgoingSms {
  to: string;
  text: string;
}

/**
 * Where e-mails go: SMTP or a pickup directory; `none` when neither is configured, and then the worker keeps
 * each message as not sent (NO_TRANSPORT) instead of sending it. A rejected promise is a failed attempt.
 */
export interface EmailTransport {
  readonly kind: 'smtp' | 'directory' | 'none' | (string & {});
  send(email: OutgoingEmail): Promise<void>;
}

/** An SMS gateway; `none` when no gateway is configured (the worker keeps each SMS as not sent). */
export interface SmsProvider {
  readonly kind: 'http' | 'none' | (string & {});
  send(sms: OutgoingSms): Promise<void>;
}

/**
 * SMTP through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://host:465`. `timeoutMs` bounds the
 * connection, the greeting and every command: a server that stops answering fails the attempt.
 */
export function smtpTransport(smtpUrl: string, from: string, timeoutMs = 10_000): EmailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
    },
  };
}

/** No transport: never asked to send (the worker keeps the messages as NO_TRANSPORT). */
const noTransport = {
  kind: 'none' as const,
  async send(): Promise<void> {
    throw new Error('no transport is configured');
  },
};

/** No SMTP server and no pickup directory: e-mails are kept, not sent, until a transport is configured. */
export const noEmailTransport: EmailTransport = noTransport;

/** No SMS gateway: SMS are kept, not sent, until one is configured. */
export const noSmsProvider: SmsProvider = noTransport;

/**
 * No SMTP server, but a pickup directory (`MAIL_DIR`): each e-mail becomes a JSON file there, as a local
 * mail system or a test would collect it. The outbox masks reset links once sent; this is the mailbox.
 */
export function pickupDirectoryTransport(directory: string): EmailTransport {
  return {
    kind: 'directory',
    async send(email) {
      await mkdir(directory, { recursive: true });
      // eslint-disable-next-line no-restricted-syntax -- a file name that sorts by when it was written
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(path.join(directory, name), JSON.stringify(email), { mode: 0o600 });
    },
  };
}

/**
 * An SMS gateway over HTTP (`SMS_URL`): `POST` JSON `{ "to": "+420…", "text": "…" }` with
 * `Authorization: Bearer <SMS_TOKEN>` when a token is set; any 2xx answer is a delivery, anything else (or no
 * answer within the timeout) a failed attempt that the outbox retries.
 */
export function httpSmsProvider(config: { url: string; token?: string; timeoutMs: number }): SmsProvider {
  return {
    kind: 'http',
    async send(sms) {
      const response = await fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** The SMS provider of the configuration: the HTTP gateway when `SMS_URL` is set, else none. */
export function smsProviderFor(config: { url?: string; token?: string; timeoutMs: number }): SmsProvider {
  return config.url ? httpSmsProvider({ ...config, url: config.url }) : noSmsProvider;
}

/** The e-mail transport of the configuration: SMTP (`SMTP_URL`), else the pickup directory (`MAIL_DIR`), else none. */
export function emailTransportFor(config: {
  smtpUrl?: string;
  smtpTimeoutMs?: number;
  mailFrom: string;
  mailDir?: string;
}): EmailTransport {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs);
  return config.mailDir ? pickupDirectoryTransport(config.mailDir) : noEmailTransport;
}
