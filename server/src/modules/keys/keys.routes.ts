import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  door,
  doorGroup,
  key,
  keyDoorQuerySchema,
  keyDoorSchema,
  keyFrame,
  keyGroup,
  keyMembershipQuerySchema,
  keyMembershipSchema,
  keyPerson,
  keyPrivilege,
  keyTeam,
  keyType,
  type KeyDoor,
  type KeyMembership,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudContext, type Row } from '../../platform/crud';
import { validationError } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { personGroups } from '../site/site.tables';
import { registerPersonPicker } from '../site/personPicker';
import { persons } from '../../platform/platform.tables';
import { registerKeyLendRoutes } from './keyLend.routes';
import {
  doorGroupMembers,
  doorGroups,
  doors,
  keyDoors,
  keyFrames,
  keyGroupMembers,
  keyGroups,
  keyPrivileges,
  keys,
  keyTypes,
} from './keys.tables';

const byName = (t: { name: unknown }) => sql`${t.name}`;
/** A key as other records name it: its name and code. */
export const keyLabel = (t: typeof keys): SQL => sql`${t.name} || ' (' || ${t.code} || ')'`;

registerRefTarget('keymanagement/frame', { table: keyFrames, label: byName, scope: 'site' });
registerRefTarget('keymanagement/doorgroup', { table: doorGroups, label: byName, scope: 'site' });
registerRefTarget('keymanagement/door', { table: doors, label: byName, scope: 'site' });
registerRefTarget('keymanagement/keytype', { table: keyTypes, label: byName, scope: 'site' });
registerRefTarget('keymanagement/keygroup', { table: keyGroups, label: byName, scope: 'site' });
registerRefTarget('keymanagement/key', { table: keys, label: keyLabel, scope: 'site' });
registerRefTarget('keymanagement/team', { table: personGroups, label: byName, scope: 'site' });

// A door group, key group or door named by a door's or key's `groups` / `doors` is kept (IN_USE).

const MODULE = 'MOD_KM' as const;

/**
 * Key management (MOD_KM), the set-up (KM_ADMIN): frames, door groups, doors, key types, key groups, keys,
 * privileges, the pickers of persons and teams, and the read-only views of the memberships and of the
 * key–door pairs; then the lend-outs (keyLend.routes.ts). See docs/keys.md.
 */
export function registerKeyRoutes(app: FastifyInstance, db: Db): void {
  app.usage.add({
    entity: door,
    field: 'groups',
    table: doorGroupMembers,
    column: doorGroupMembers.groupId,
    target: doorGroups,
  });
  app.usage.add({
    entity: key,
    field: 'groups',
    table: keyGroupMembers,
    column: keyGroupMembers.groupId,
    target: keyGroups,
  });
  app.usage.add({ entity: key, field: 'doors', table: keyDoors, column: keyDoors.doorId, target: doors });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['keymanagement'];

  crudRoutes(app, db, { entity: keyFrame, table: keyFrames });
  crudRoutes(app, db, { entity: doorGroup, table: doorGroups });
  crudRoutes(app, db, {
    entity: door,
    table: doors,
    links: {
      groups: {
        table: doorGroupMembers,
        owner: doorGroupMembers.doorId,
        value: doorGroupMembers.groupId,
        site: doorGroupMembers.siteId,
      },
    },
  });
  crudRoutes(app, db, { entity: keyType, table: keyTypes });
  crudRoutes(app, db, { entity: keyGroup, table: keyGroups });
  crudRoutes(app, db, {
    entity: key,
    table: keys,
    links: {
      groups: {
        table: keyGroupMembers,
        owner: keyGroupMembers.keyId,
        value: keyGroupMembers.groupId,
        site: keyGroupMembers.siteId,
      },
      doors: {
        table: keyDoors,
        owner: keyDoors.keyId,
        value: keyDoors.doorId,
        site: keyDoors.siteId,
      },
    },
  });
  // The privilege's and the lend's hooks check that a person named is of the site.
  registerPersonPicker(app, db, keyPerson);
  crudRoutes(app, db, {
    entity: keyTeam,
    table: personGroups,
    omit: ['create', 'update', 'delete'],
  });
  crudRoutes(app, db, {
    entity: keyPrivilege,
    table: keyPrivileges,
    hooks: { beforeWrite: privilegeValues },
  });

  typed.get(
    '/api/keymanagement/memberships',
    {
      config: { access: { roles: keyFrame.read, module: MODULE } },
      schema: {
        tags,
        description:
          'The memberships of doors in door groups (kind DOOR) and of keys in key groups (kind KEY), by group ' +
          'and member; filters door, doorGroup, key, keyGroup, kind. Written as the door’s or key’s `groups`.',
        querystring: keyMembershipQuerySchema,
        response: { 200: z.array(keyMembershipSchema) },
      },
    },
    async (request): Promise<KeyMembership[]> => {
      const siteId = currentSiteId(request);
      const query = request.query;
      const result: KeyMembership[] = [];
      const wantsDoors = query.kind !== 'KEY' && query.key === undefined && query.keyGroup === undefined;
      const wantsKeys = query.kind !== 'DOOR' && query.door === undefined && query.doorGroup === undefined;
      if (wantsDoors) result.push(...(await membershipsOf(db, 'DOOR', siteId, query.door, query.doorGroup)));
      if (wantsKeys) result.push(...(await membershipsOf(db, 'KEY', siteId, query.key, query.keyGroup)));
      return result;
    },
  );

  typed.get(
    '/api/keymanagement/keydoor',
    {
      config: { access: { roles: keyFrame.read, module: MODULE } },
      schema: {
        tags,
        description:
          'Which key opens which door (filters key, door), by key and door. Written as the key’s `doors`.',
        querystring: keyDoorQuerySchema,
        response: { 200: z.array(keyDoorSchema) },
      },
    },
    async (request): Promise<KeyDoor[]> => {
      const siteId = currentSiteId(request);
      const rows = await db
        .select({
          keyId: keys.id,
          keyLabel: keyLabel(keys),
          code: keys.code,
          doorId: doors.id,
          doorLabel: doors.name,
        })
        .from(keyDoors)
        .innerJoin(keys, eq(keys.id, keyDoors.keyId))
        .innerJoin(doors, eq(doors.id, keyDoors.doorId))
        .where(
          and(
            eq(keyDoors.siteId, siteId),
            request.query.key === undefined ? undefined : eq(keyDoors.keyId, request.query.key),
            request.query.door === undefined ? undefined : eq(keyDoors.doorId, request.query.door),
          ),
        )
        .orderBy(asc(keys.name), asc(keys.id), asc(doors.name), asc(doors.id));
      return rows.map((row) => ({
        key: { id: row.keyId, label: String(row.keyLabel), code: row.code },
        door: { id: row.doorId, label: row.doorLabel },
      }));
    },
  );

  registerKeyLendRoutes(app, db);
}

/** Doors in door groups and keys in key groups: one shape of membership, each kind with its own tables. */
const MEMBERSHIPS = {
  DOOR: {
    link: doorGroupMembers,
    member: doors,
    memberId: doorGroupMembers.doorId,
    label: doors.name,
    group: doorGroups,
  },
  KEY: {
    link: keyGroupMembers,
    member: keys,
    memberId: keyGroupMembers.keyId,
    label: keyLabel(keys),
    group: keyGroups,
  },
};

/** A site's memberships of one kind, of one member or group when given, by group and member. */
async function membershipsOf(
  db: Db,
  kind: KeyMembership['kind'],
  siteId: number,
  memberId: number | undefined,
  groupId: number | undefined,
): Promise<KeyMembership[]> {
  const { link, member, label, group, memberId: memberColumn } = MEMBERSHIPS[kind];
  const rows = await db
    .select({ memberId: member.id, memberLabel: label, groupId: group.id, groupLabel: group.name })
    .from(link)
    .innerJoin(member, eq(member.id, memberColumn))
    .innerJoin(group, eq(group.id, link.groupId))
    .where(
      and(
        eq(link.siteId, siteId),
        memberId === undefined ? undefined : eq(memberColumn, memberId),
        groupId === undefined ? undefined : eq(link.groupId, groupId),
      ),
    )
    .orderBy(asc(group.name), asc(member.name), asc(member.id));
  return rows.map((row) => membership(kind, row));
}

function membership(
  kind: KeyMembership['kind'],
  row: { memberId: number; memberLabel: unknown; groupId: number; groupLabel: string },
): KeyMembership {
  return {
    kind,
    member: { id: row.memberId, label: String(row.memberLabel) },
    group: { id: row.groupId, label: row.groupLabel },
  };
}

/**
 * A privilege names exactly one of person and team and exactly one of key and key group (400 on the field);
 * the person must be a person of the site (teams and keys are checked by the CRUD machinery).
 */
async function privilegeValues(_values: Row, input: Row, ctx: CrudContext, existing?: Row): Promise<void> {
  const current = (field: string, column: string) =>
    input[field] !== undefined ? input[field] : (existing?.[column] ?? null);
  const exactlyOne = (first: string, second: string) => {
    const a = current(first, `${first}Id`);
    const b = current(second, `${second}Id`);
    if (a === null && b === null) throw validationError(first, 'validation.required');
    if (a !== null && b !== null) throw validationError(second, 'validation.invalid');
  };
  exactlyOne('person', 'team');
  exactlyOne('key', 'keyGroup');
  if (typeof input.person === 'number') {
    const [person] = await ctx.tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.id, input.person), eq(persons.homeSiteId, ctx.siteId!)));
    if (!person) throw validationError('person', 'validation.ref');
  }
}
