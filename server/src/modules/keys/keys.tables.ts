import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { KeyRule, KeyWorkflow } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { persons, siteReference, users } from '../../platform/platform.tables';
import { gates, personGroups } from '../site/site.tables';
import { signatureDocuments } from '../signature/signature.tables';
import { vehicleMovements } from '../vehicle/vehicle.tables';
import { visits } from '../visit/visit.tables';

/**
 * Key management (MOD_KM, docs/keys.md): the set-up (frames, doors and door groups, key types, key groups,
 * keys), the privileges and the lend-outs. Every table carries `site_id`, the link tables too.
 */

/** A named set-up record (frame, door group, key group): names unique on the site. */
const named = (table: string) =>
  pgTable(
    table,
    {
      ...entityColumns(),
      siteId: siteReference(),
      name: text().notNull(),
      description: text(),
      valid: boolean().notNull().default(true),
    },
    (t) => [uniqueIndex(`${table}_name_uq`).on(t.siteId, t.name)],
  );

export const keyFrames = named('km_frame');
export const doorGroups = named('km_door_group');
export const keyGroups = named('km_key_group');

export const doors = pgTable(
  'km_door',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('km_door_name_uq').on(t.siteId, t.name)],
);

/** A door's door groups (the memberships). */
export const doorGroupMembers = pgTable(
  'km_door_group_member',
  {
    siteId: siteReference(),
    doorId: integer()
      .notNull()
      .references(() => doors.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => doorGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.doorId, t.groupId] }),
    index('km_door_group_member_group_idx').on(t.groupId),
    index('km_door_group_member_site_idx').on(t.siteId),
  ],
);

export const keyTypes = pgTable(
  'km_key_type',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    maxLendingHours: integer(),
    /** Only working days (Mon–Fri, not the site's public holidays) count towards `maxLendingHours`. */
    workingTime: boolean().notNull().default(false),
    workflow: text().$type<KeyWorkflow>().notNull().default('DEFAULT'),
    /** The handover protocol the holder signs at each lend-out of a key of this type (docs/signatures.md). */
    handoverDocumentId: integer().references(() => signatureDocuments.id),
    description: text(),
    valid: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('km_key_type_name_uq').on(t.siteId, t.name)],
);

/** A key; `lent` is kept by the lend and the return (the unique open lend-out is the real guard). */
export const keys = pgTable(
  'km_key',
  {
    ...entityColumns(),
    siteId: siteReference(),
    code: text().notNull(),
    name: text().notNull(),
    description: text(),
    typeId: integer()
      .notNull()
      .references(() => keyTypes.id, { onDelete: 'restrict' }),
    frameId: integer().references(() => keyFrames.id, { onDelete: 'restrict' }),
    defaultGateId: integer().references(() => gates.id, { onDelete: 'restrict' }),
    defaultRule: text().$type<KeyRule>().notNull().default('ALLOW'),
    maxLendingHours: integer(),
    notification: boolean().notNull().default(false),
    notificationEmails: text(),
    lent: boolean().notNull().default(false),
    valid: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('km_key_code_uq').on(t.siteId, t.code),
    index('km_key_name_idx').on(t.siteId, t.name),
    index('km_key_type_idx').on(t.typeId),
  ],
);

/** A key's key groups. */
export const keyGroupMembers = pgTable(
  'km_key_group_member',
  {
    siteId: siteReference(),
    keyId: integer()
      .notNull()
      .references(() => keys.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => keyGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.groupId] }),
    index('km_key_group_member_group_idx').on(t.groupId),
    index('km_key_group_member_site_idx').on(t.siteId),
  ],
);

/** The doors a key opens. */
export const keyDoors = pgTable(
  'km_key_door',
  {
    siteId: siteReference(),
    keyId: integer()
      .notNull()
      .references(() => keys.id, { onDelete: 'cascade' }),
    doorId: integer()
      .notNull()
      .references(() => doors.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.doorId] }),
    index('km_key_door_door_idx').on(t.doorId),
    index('km_key_door_site_idx').on(t.siteId),
  ],
);

/** A privilege: exactly one of person / team, exactly one of key / key group. */
export const keyPrivileges = pgTable(
  'km_privilege',
  {
    ...entityColumns(),
    siteId: siteReference(),
    keyId: integer().references(() => keys.id, { onDelete: 'cascade' }),
    keyGroupId: integer().references(() => keyGroups.id, { onDelete: 'cascade' }),
    personId: integer().references(() => persons.id, { onDelete: 'cascade' }),
    teamId: integer().references(() => personGroups.id, { onDelete: 'cascade' }),
    rule: text().$type<KeyRule>().notNull().default('ALLOW'),
    note: text(),
  },
  (t) => [
    check('km_privilege_key_xor', sql`num_nonnulls(${t.keyId}, ${t.keyGroupId}) = 1`),
    check('km_privilege_holder_xor', sql`num_nonnulls(${t.personId}, ${t.teamId}) = 1`),
    index('km_privilege_key_idx')
      .on(t.siteId, t.keyId)
      .where(sql`${t.keyId} is not null`),
    index('km_privilege_key_group_idx')
      .on(t.siteId, t.keyGroupId)
      .where(sql`${t.keyGroupId} is not null`),
    index('km_privilege_person_idx').on(t.personId),
    index('km_privilege_team_idx').on(t.teamId),
  ],
);

/**
 * A lend-out of a key. `holder` is the holder's name at the lend-out. The partial unique index on the key of
 * the lend-outs not returned refuses a second lend of a key that is out, under concurrency too.
 */
export const keyLends = pgTable(
  'km_lend',
  {
    ...entityColumns(),
    siteId: siteReference(),
    keyId: integer()
      .notNull()
      .references(() => keys.id, { onDelete: 'restrict' }),
    lendDateTime: ts().notNull(),
    due: ts(),
    holder: text(),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    visitId: integer().references(() => visits.id, { onDelete: 'set null' }),
    vehicleId: integer().references(() => vehicleMovements.id, { onDelete: 'set null' }),
    gateId: integer()
      .notNull()
      .references(() => gates.id, { onDelete: 'restrict' }),
    notes: text(),
    returned: boolean().notNull().default(false),
    returnDateTime: ts(),
    returnGateId: integer().references(() => gates.id, { onDelete: 'restrict' }),
    returnPerson: text(),
    returnNotes: text(),
    lentById: integer().references(() => users.id, { onDelete: 'set null' }),
    returnedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When the overdue e-mail of the key's notification was queued (once per lend-out). */
    overdueNotifiedAt: ts(),
  },
  (t) => [
    index('km_lend_site_time_idx').on(t.siteId, t.lendDateTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('km_lend_open_idx')
      .on(t.siteId, t.due)
      .where(sql`not ${t.returned}`),
    uniqueIndex('km_lend_open_key_uq')
      .on(t.keyId)
      .where(sql`not ${t.returned}`),
    index('km_lend_key_time_idx').on(t.keyId, t.lendDateTime.desc().nullsFirst()),
    index('km_lend_person_idx')
      .on(t.personId)
      .where(sql`${t.personId} is not null`),
    index('km_lend_visit_idx')
      .on(t.visitId)
      .where(sql`${t.visitId} is not null`),
    index('km_lend_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.vehicleId} is not null`),
  ],
);
