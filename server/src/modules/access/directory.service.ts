import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthProvider } from '@strazce/contract';
import type { GroupMapping, LdapConfig, OidcIssuerConfig } from '../../config';
import type { Db } from '../../db/database';
import type { AuditRecord } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { sites, sessions, userSites, users } from '../../platform/platform.tables';
import { groups, userGroups } from './access.tables';
import type { Directory } from './ldap.directory';

/** The company directory of the installation (LDAP_URL…), as the login uses it; null when not configured. */
export interface DirectoryLogin {
  config: LdapConfig;
  directory: Directory;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The company directory users with the provider LDAP log in against; null when not configured. */
    directory: DirectoryLogin | null;
    /** The OpenID Connect issuers users with the provider OIDC sign in with (OIDC_ISSUERS); none when empty. */
    oidcIssuers: readonly OidcIssuerConfig[];
  }
}

/** Whether users of a provider can log in on this installation: LOCAL always, LDAP with a directory, OIDC with an issuer. */
export function configuredAuthProvider(app: FastifyInstance, provider: AuthProvider): boolean {
  if (provider === 'LOCAL') return true;
  if (provider === 'LDAP') return app.directory !== null;
  return app.oidcIssuers.length > 0;
}

/**
 * Who an outside source of identity vouched for: the company directory after a bind with the user's password
 * (LDAP), or an issuer's checked ID token (OIDC).
 */
export interface DirectoryIdentity {
  /** The user name as the source spells it. */
  userName: string;
  /** The user's groups there (group DNs, the ID token's groups claim), lower case. */
  groups: string[];
}

/**
 * What the product does with such an identity, the same for every source: the provider its users have, the
 * group mapping applied at each login and whether a user of a mapped group is created at the first one.
 */
export interface DirectoryRules {
  provider: Exclude<AuthProvider, 'LOCAL'>;
  groupMap: readonly GroupMapping[];
  provisioning: LdapConfig['provisioning'];
}

/** The rules of the company directory (LDAP_GROUP_MAP, LDAP_PROVISIONING). */
export function ldapRules(config: LdapConfig): DirectoryRules {
  return { provider: 'LDAP', groupMap: config.groupMap, provisioning: config.provisioning };
}

/** The rules of an OpenID Connect issuer (its groupMap and provisioning in OIDC_ISSUERS). */
export function oidcRules(issuer: OidcIssuerConfig): DirectoryRules {
  return { provider: 'OIDC', groupMap: issuer.groupMap, provisioning: issuer.provisioning };
}

/** Whether a directory user may log in by the group mapping: always without one, else a member of a mapped group. */
export function allowedByMapping(
  config: Pick<DirectoryRules, 'groupMap'>,
  user: Pick<DirectoryIdentity, 'groups'>,
): boolean {
  if (config.groupMap.length === 0) return true;
  const member = new Set(user.groups);
  return config.groupMap.some((entry) => member.has(entry.directoryGroup.toLowerCase()));
}

interface MappedAccess {
  /** Every user group and site the mapping names: the ones it manages (others an administrator gives stay). */
  managedGroups: number[];
  managedSites: number[];
  /** The ones the user's directory groups give. */
  groups: number[];
  sites: number[];
}

async function mappedAccess(
  db: Db,
  config: Pick<DirectoryRules, 'groupMap'>,
  user: DirectoryIdentity,
): Promise<MappedAccess> {
  const groupNames = [...new Set(config.groupMap.flatMap((entry) => (entry.group ? [entry.group] : [])))];
  const siteNames = [...new Set(config.groupMap.flatMap((entry) => (entry.site ? [entry.site] : [])))];
  const groupRows = groupNames.length
    ? await db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.name, groupNames))
    : [];
  const siteRows = siteNames.length
    ? await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.name, siteNames))
    : [];
  const member = new Set(user.groups);
  const given = config.groupMap.filter((entry) => member.has(entry.directoryGroup.toLowerCase()));
  const ids = (rows: { id: number; name: string }[], names: (string | undefined)[]) =>
    rows.filter((row) => names.includes(row.name)).map((row) => row.id);
  return {
    managedGroups: groupRows.map((row) => row.id),
    managedSites: siteRows.map((row) => row.id),
    groups: ids(
      groupRows,
      given.map((entry) => entry.group),
    ),
    sites: ids(
      siteRows,
      given.map((entry) => entry.site),
    ),
  };
}

/**
 * Sets the user groups and sites the mapping manages to those the user's directory groups give (at each login
 * of a directory user); what the mapping does not name stays as the administrator set it. Answers the changes
 * for the audit, or null when nothing changed.
 */
async function applyMapping(
  tx: Db,
  userId: number,
  access: MappedAccess,
): Promise<Record<string, { from: number[]; to: number[] }> | null> {
  const changes: Record<string, { from: number[]; to: number[] }> = {};
  const links = [
    {
      key: 'groups',
      table: userGroups,
      column: userGroups.groupId,
      managed: access.managedGroups,
      want: access.groups,
    },
    {
      key: 'sites',
      table: userSites,
      column: userSites.siteId,
      managed: access.managedSites,
      want: access.sites,
    },
  ] as const;
  for (const link of links) {
    if (link.managed.length === 0) continue;
    const owner = link.key === 'groups' ? userGroups.userId : userSites.userId;
    const current = (
      await tx
        .select({ id: link.column })
        .from(link.table)
        .where(and(eq(owner, userId), inArray(link.column, link.managed)))
    ).map((row) => row.id);
    const remove = current.filter((id) => !link.want.includes(id));
    const add = link.want.filter((id) => !current.includes(id));
    if (remove.length === 0 && add.length === 0) continue;
    if (remove.length > 0)
      await tx.delete(link.table).where(and(eq(owner, userId), inArray(link.column, remove)));
    if (add.length > 0)
      await tx
        .insert(link.table)
        .values(
          add.map((id) =>
            link.key === 'groups' ? { userId, groupId: id } : { userId, siteId: id },
          ) as never,
        )
        .onConflictDoNothing();
    changes[link.key] = { from: [...current].sort(), to: [...link.want].sort() };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export interface DirectorySignIn {
  /** The user's row: existing, or created now (provisioning `mapped`). */
  userId: number;
  created: boolean;
}

/**
 * After the directory accepted the password or the issuer's ID token was checked (and the product the second
 * factor): creates the user when provisioning allows it, and applies the group mapping, audited as a change of
 * the user (ids and the user name only).
 */
export async function signInDirectoryUser(
  db: Db,
  rules: DirectoryRules,
  entry: DirectoryIdentity,
  existingUserId: number | null,
  audit: (record: AuditRecord) => void,
): Promise<DirectorySignIn> {
  const access = await mappedAccess(db, rules, entry);
  return db.transaction(async (tx) => {
    let userId = existingUserId;
    let created = false;
    if (userId === null) {
      // Two first logins at once: one creates, the other takes the row it made.
      const [inserted] = await tx
        .insert(users)
        .values({ userName: entry.userName, authProvider: rules.provider, valid: true })
        .onConflictDoNothing()
        .returning({ id: users.id });
      const [row] = inserted
        ? [inserted]
        : await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                sql`lower(${users.userName}) = lower(${entry.userName})`,
                eq(users.authProvider, rules.provider),
                eq(users.valid, true),
              ),
            );
      if (!row) throw new AppError('INVALID_CREDENTIALS', 'User name or password is invalid');
      userId = row.id;
      created = !!inserted;
    }
    const changes = await applyMapping(tx, userId, access);
    if (created)
      audit({
        entity: 'access_user',
        recordId: userId,
        siteId: null,
        changes: {
          userName: { to: entry.userName },
          authProvider: { to: rules.provider },
          ...(changes ?? {}),
        },
      });
    else if (changes) audit({ entity: 'access_user', recordId: userId, siteId: null, changes });
    return { userId, created: existingUserId === null };
  });
}

/**
 * Ends the open sessions of a directory user whose account the directory no longer lets log in (gone,
 * disabled by the user filter, in no mapped group) at their next call: each user's session is checked with the
 * directory at most every LDAP_RECHECK_SECONDS. A directory that does not answer ends nobody's session (the
 * user proved who they are at the login; it is checked again after the same interval).
 */
export function registerDirectorySessionCheck(app: FastifyInstance, db: Db, login: DirectoryLogin): void {
  const checkedAt = new Map<number, number>();
  const intervalMs = login.config.recheckSeconds * 1000;
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session) return;
    const now = app.clock.now();
    const last = checkedAt.get(session.userId);
    if (last !== undefined && now - last < intervalMs) return;
    checkedAt.set(session.userId, now);
    const [row] = await db
      .select({ authProvider: users.authProvider })
      .from(users)
      .where(eq(users.id, session.userId));
    if (row?.authProvider !== 'LDAP') return;
    let entry: DirectoryIdentity | null;
    try {
      entry = await login.directory.lookup(session.userName);
    } catch (error) {
      request.log.warn({ err: error }, 'the company directory does not answer: sessions are kept');
      return;
    }
    if (entry && allowedByMapping(login.config, entry)) return;
    checkedAt.delete(session.userId);
    await db.transaction((tx) => tx.delete(sessions).where(eq(sessions.userId, session.userId)));
    await app.sessionCache.changed();
    request.session = null;
    throw new AppError('UNAUTHORIZED', 'Session missing or expired');
  });
}
