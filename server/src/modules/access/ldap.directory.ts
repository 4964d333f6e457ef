import fs from 'node:fs';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, EqualityFilter, InvalidCredentialsError, type Entry } from 'ldapts';
import type { LdapConfig } from '../../config';

/** A user's entry in the company directory, as the login needs it. */
export interface DirectoryUser {
  dn: string;
  /** The user name as the directory spells it (`LDAP_USERNAME_ATTRIBUTE`). */
  userName: string;
  /** The DNs of the user's groups (`LDAP_GROUP_ATTRIBUTE`, memberOf), lower case. */
  groups: string[];
}

/** The directory did not answer (down, time-out, TLS or service account refused): nobody's fault at the login. */
export class DirectoryUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The company directory does not answer', { cause });
    this.name = 'DirectoryUnavailableError';
  }
}

/** The company directory users with the provider LDAP log in against (docs/auth-providers.md). */
export interface Directory {
  /**
   * Finds the user's entry (service account or anonymous search) and binds as it with the password: the
   * entry when the directory accepts the password, null when the user is unknown, not allowed by the user
   * filter (a disabled account) or the password is wrong. Throws DirectoryUnavailableError when it cannot
   * tell. The password is only sent to the directory, never kept.
   */
  authenticate(userName: string, password: string): Promise<DirectoryUser | null>;
  /** The user's entry without a password (the periodic check of open sessions); null when gone or disabled. */
  lookup(userName: string): Promise<DirectoryUser | null>;
}

/**
 * The search filter of a user name: the configured user filter ANDed with an equality filter whose value is
 * escaped (RFC 4515): `*`, `(`, `)`, `\` and NUL in a typed name are data, never filter syntax.
 */
export function userSearchFilter(
  config: Pick<LdapConfig, 'userFilter' | 'usernameAttribute'>,
  userName: string,
) {
  const byName = new EqualityFilter({ attribute: config.usernameAttribute, value: userName });
  return `(&${config.userFilter}${byName.toString()})`;
}

function attributeValues(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    Buffer.isBuffer(item) ? item.toString('utf8') : String(item),
  );
}

export function ldapDirectory(config: LdapConfig): Directory {
  const hostname = new URL(config.url).hostname;
  const tlsOptions: ConnectionOptions = {
    ...(config.caFile ? { ca: fs.readFileSync(config.caFile) } : {}),
    ...(isIP(hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: hostname }),
    minVersion: 'TLSv1.2',
  };
  // ldapts speaks TLS from the start whenever it is given TLS options: only for ldaps://.
  const secure = config.url.toLowerCase().startsWith('ldaps:');

  async function connected<T>(run: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({
      url: config.url,
      timeout: config.timeoutMs,
      connectTimeout: config.timeoutMs,
      ...(secure ? { tlsOptions } : {}),
    });
    try {
      if (config.startTls) await client.startTLS(tlsOptions);
      return await run(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** The one entry of a user name, searched with the service account (or anonymously). */
  async function find(client: Client, userName: string): Promise<DirectoryUser | null> {
    try {
      if (config.bindDn) await client.bind(config.bindDn, config.bindPassword);
    } catch (error) {
      // A refused service account is a configuration fault, not the user's: the directory counts as down.
      throw new DirectoryUnavailableError(error);
    }
    const { searchEntries } = await client.search(config.userBase, {
      scope: 'sub',
      filter: userSearchFilter(config, userName),
      attributes: [config.usernameAttribute, config.groupAttribute],
      sizeLimit: 2,
    });
    // Two entries with one name: neither is taken (the name does not say which person logs in).
    if (searchEntries.length !== 1) return null;
    const [entry] = searchEntries;
    return {
      dn: entry.dn,
      userName: attributeValues(entry, config.usernameAttribute)[0] ?? userName,
      groups: attributeValues(entry, config.groupAttribute).map((dn) => dn.toLowerCase()),
    };
  }

  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DirectoryUnavailableError) throw error;
      throw new DirectoryUnavailableError(error);
    }
  }

  return {
    authenticate: (userName, password) =>
      guarded(() =>
        connected(async (client) => {
          // An empty password would be an unauthenticated bind, which directories accept (RFC 4513 5.1.2).
          if (!password || !userName) return null;
          const user = await find(client, userName);
          if (!user) return null;
          try {
            await client.bind(user.dn, password);
          } catch (error) {
            if (error instanceof InvalidCredentialsError) return null;
            throw error;
          }
          return user;
        }),
      ),
    lookup: (userName) => guarded(() => connected((client) => find(client, userName))),
  };
}
