import { and, between, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { KeyLendCheck, KeyLendInput, KeyReturnInput, KeyRule, KeyWorkflow } from '@strazce/contract';
import type { Db } from '../../db/database';
import { prepareSignatureIfAvailable } from '../signature/signature.service';
import { auditRecord, changedFields } from '../../platform/audit';
import { AppError, notFound, validationError } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import { siteTimeZone } from '../../platform/siteTime';
import { personGroupMembers, personGroups, publicHolidays } from '../site/site.tables';
import { persons } from '../../platform/platform.tables';
import { vehicleMovements } from '../vehicle/vehicle.tables';
import { visits } from '../visit/visit.tables';
import { keyDecision, type KeyDecision, type RelevantPrivilege } from './keyDecision';
import { dayIn, dueTime, holidayHorizon } from './keyDue';
import { keyGroupMembers, keyGroups, keyLends, keyPrivileges, keys, keyTypes } from './keys.tables';
import { checkGate } from '../site/movement';

/** The key a lend names, with what the lend needs of its type. */
export interface LendKey {
  id: number;
  code: string;
  name: string;
  valid: boolean;
  lent: boolean;
  defaultRule: KeyRule;
  maxLendingHours: number | null;
  typeValid: boolean;
  typeHours: number | null;
  workingTime: boolean;
  workflow: KeyWorkflow;
  /** The key type's handover protocol the holder signs at a lend-out (a signature document), if any. */
  handoverDocumentId: number | null;
}

/** Who is to hold the key: a site person, a visitor in the area or the driver of a vehicle in the area. */
export interface Holder {
  name: string;
  personId: number | null;
  visitId: number | null;
  vehicleId: number | null;
}

export const keyLabelOf = (key: { name: string; code: string }) => `${key.name} (${key.code})`;

/** The key by its code or id among the site's keys; none: 404 KEY_UNKNOWN ('There is no key with this code'). */
export async function findKey(
  db: Db,
  siteId: number,
  by: { code?: string; key?: number },
  lock = false,
): Promise<LendKey> {
  const query = db
    .select({
      id: keys.id,
      code: keys.code,
      name: keys.name,
      valid: keys.valid,
      lent: keys.lent,
      defaultRule: keys.defaultRule,
      maxLendingHours: keys.maxLendingHours,
      typeValid: keyTypes.valid,
      typeHours: keyTypes.maxLendingHours,
      workingTime: keyTypes.workingTime,
      workflow: keyTypes.workflow,
      handoverDocumentId: keyTypes.handoverDocumentId,
    })
    .from(keys)
    .innerJoin(keyTypes, eq(keyTypes.id, keys.typeId))
    .where(
      and(eq(keys.siteId, siteId), by.code !== undefined ? eq(keys.code, by.code) : eq(keys.id, by.key ?? 0)),
    )
    .$dynamic();
  const [found] = await (lock ? query.for('update', { of: keys }) : query);
  if (!found) throw new AppError('KEY_UNKNOWN', 'There is no key with this code');
  return found;
}

/**
 * The holder named by a lend or a check: a person of the site (400 on `person` otherwise), or a visitor's entry
 * or a vehicle's entry of the site (400 on the field otherwise) still in the area (409 NOT_IN_AREA otherwise).
 * A vehicle's driver holds only keys of the VEHICLE workflow (409 KEY_NOT_FOR_VEHICLE).
 */
export async function findHolder(
  db: Db,
  siteId: number,
  by: { person?: number; visit?: number; vehicle?: number },
  key: LendKey,
): Promise<Holder> {
  if (by.person !== undefined) {
    const [person] = await db
      .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName })
      .from(persons)
      .where(and(eq(persons.id, by.person), eq(persons.homeSiteId, siteId)));
    if (!person) throw validationError('person', 'validation.ref');
    return holder(`${person.lastName} ${person.firstName}`, { personId: person.id });
  }
  if (by.visit !== undefined) {
    const [visit] = await db
      .select({
        id: visits.id,
        inArea: visits.inArea,
        firstName: visits.firstName,
        lastName: visits.lastName,
        company: visits.company,
      })
      .from(visits)
      .where(and(eq(visits.id, by.visit), eq(visits.siteId, siteId), eq(visits.direction, 'IN')));
    if (!visit) throw validationError('visit', 'validation.ref');
    if (!visit.inArea) throw new AppError('NOT_IN_AREA', 'The visitor is not in the area');
    const name = [visit.lastName, visit.firstName].filter(Boolean).join(' ');
    return holder(visit.company ? `${name} (${visit.company})` : name, { visitId: visit.id });
  }
  if (by.vehicle !== undefined) {
    const [vehicle] = await db
      .select({
        id: vehicleMovements.id,
        inArea: vehicleMovements.inArea,
        plate: vehicleMovements.plate,
        firstName: vehicleMovements.driverFirstName,
        lastName: vehicleMovements.driverLastName,
      })
      .from(vehicleMovements)
      .where(
        and(
          eq(vehicleMovements.id, by.vehicle),
          eq(vehicleMovements.siteId, siteId),
          eq(vehicleMovements.direction, 'IN'),
        ),
      );
    if (!vehicle) throw validationError('vehicle', 'validation.ref');
    if (!vehicle.inArea) throw new AppError('NOT_IN_AREA', 'The vehicle is not in the area');
    if (key.workflow !== 'VEHICLE')
      throw new AppError('KEY_NOT_FOR_VEHICLE', 'Only a key of the VEHICLE workflow is lent to a driver');
    const driver = [vehicle.lastName, vehicle.firstName].filter(Boolean).join(' ');
    return holder(driver ? `${driver} (${vehicle.plate})` : vehicle.plate, { vehicleId: vehicle.id });
  }
  throw validationError('person', 'validation.required');
}

const holder = (name: string, ids: Partial<Omit<Holder, 'name'>>): Holder => ({
  name: name.slice(0, 200),
  personId: null,
  visitId: null,
  vehicleId: null,
  ...ids,
});

/**
 * The privileges that concern a key and a person, each with its level of the precedence: on the key or on a
 * valid key group of the key, given to the person or to a valid team of the site the person is a member of.
 * One statement.
 */
export async function relevantPrivileges(
  db: Db,
  siteId: number,
  keyId: number,
  personId: number,
): Promise<RelevantPrivilege[]> {
  const groupsOfKey = db
    .select({ id: keyGroupMembers.groupId })
    .from(keyGroupMembers)
    .innerJoin(keyGroups, and(eq(keyGroups.id, keyGroupMembers.groupId), eq(keyGroups.valid, true)))
    .where(eq(keyGroupMembers.keyId, keyId));
  const teamsOfPerson = db
    .select({ id: personGroupMembers.groupId })
    .from(personGroupMembers)
    .innerJoin(
      personGroups,
      and(
        eq(personGroups.id, personGroupMembers.groupId),
        eq(personGroups.siteId, siteId),
        eq(personGroups.valid, true),
      ),
    )
    .where(eq(personGroupMembers.personId, personId));
  const rows = await db
    .select({
      level: sql<RelevantPrivilege['level']>`case
        when ${keyPrivileges.personId} is not null and ${keyPrivileges.keyId} is not null then 'PERSON_KEY'
        when ${keyPrivileges.personId} is not null then 'PERSON_GROUP'
        when ${keyPrivileges.keyId} is not null then 'TEAM_KEY'
        else 'TEAM_GROUP' end`,
      rule: keyPrivileges.rule,
    })
    .from(keyPrivileges)
    .where(
      and(
        eq(keyPrivileges.siteId, siteId),
        or(eq(keyPrivileges.keyId, keyId), inArray(keyPrivileges.keyGroupId, groupsOfKey)),
        or(eq(keyPrivileges.personId, personId), inArray(keyPrivileges.teamId, teamsOfPerson)),
      ),
    );
  return rows;
}

/** Whether the holder may hold the key: by the privileges for a person, by the key's default rule otherwise. */
export async function decide(
  db: Db,
  siteId: number,
  key: LendKey,
  holder: Holder | null,
): Promise<KeyDecision> {
  const privileges =
    holder?.personId != null ? await relevantPrivileges(db, siteId, key.id, holder.personId) : [];
  return keyDecision(privileges, key.defaultRule);
}

/** When a key lent at `time` is due on the site (key's hours, else its type's; working time by the type). */
export async function dueOf(db: Db, siteId: number, key: LendKey, time: Date): Promise<Date | null> {
  const hours = key.maxLendingHours ?? key.typeHours;
  if (hours === null) return null;
  const timeZone = await siteTimeZone(db, siteId);
  let holidays = new Set<string>();
  if (key.workingTime) {
    const firstDay = dayIn(time, timeZone);
    const rows = await db
      .select({ date: publicHolidays.date })
      .from(publicHolidays)
      .where(
        and(
          eq(publicHolidays.siteId, siteId),
          between(publicHolidays.date, firstDay, holidayHorizon(firstDay, hours)),
        ),
      );
    holidays = new Set(rows.map((row) => row.date));
  }
  return dueTime(time, { hours, workingTime: key.workingTime, timeZone, holidays });
}

/** `GET /api/keymanagement/lend/check`: what a lend would do now. */
export async function checkLend(
  db: Db,
  siteId: number,
  query: { code?: string; key?: number; person?: number; visit?: number; vehicle?: number },
  now: Date,
): Promise<KeyLendCheck> {
  if ((query.code === undefined) === (query.key === undefined))
    throw validationError('code', 'validation.required');
  const key = await findKey(db, siteId, query);
  const named = [query.person, query.visit, query.vehicle].filter((id) => id !== undefined).length;
  if (named > 1) throw validationError('person', 'validation.invalid');
  const found = named === 1 ? await findHolder(db, siteId, query, key) : null;
  const decision = await decide(db, siteId, key, found);
  const due = await dueOf(db, siteId, key, now);
  return {
    key: { id: key.id, label: keyLabelOf(key), code: key.code, lent: key.lent },
    allowed: decision.allowed && key.valid && key.typeValid,
    level: decision.level,
    due: due?.toISOString() ?? null,
  };
}

/**
 * Lends a key (in the caller's transaction): the key (404 KEY_UNKNOWN, 409 KEY_INVALID), the gate, the holder
 * (NOT_IN_AREA, KEY_NOT_FOR_VEHICLE), the privilege (409 KEY_NOT_PERMITTED), then the lend-out — refused with
 * 409 KEY_LENT by the unique index of open lend-outs when the key is out, however many lends race. Audited.
 */
export async function lendKey(
  tx: Db,
  request: FastifyRequest,
  siteId: number,
  input: KeyLendInput,
  now: Date,
): Promise<number> {
  const key = await findKey(tx, siteId, input);
  if (!key.valid || !key.typeValid) throw new AppError('KEY_INVALID', 'The key is not valid');
  await checkGate(tx, siteId, input.gate);
  const found = await findHolder(tx, siteId, input, key);
  const decision = await decide(tx, siteId, key, found);
  if (!decision.allowed)
    throw new AppError('KEY_NOT_PERMITTED', 'This person does not have privileges to this key');
  const time = input.time ? new Date(input.time) : now;
  const values = {
    siteId,
    keyId: key.id,
    lendDateTime: time,
    due: await dueOf(tx, siteId, key, time),
    holder: found.name,
    personId: found.personId,
    visitId: found.visitId,
    vehicleId: found.vehicleId,
    gateId: input.gate,
    notes: input.notes || null,
    lentById: sessionOf(request).userId,
  };
  const [created] = await tx
    .insert(keyLends)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: keyLends.id });
  if (!created) throw new AppError('KEY_LENT', 'The key is already lent out');
  await tx.update(keys).set({ lent: true }).where(eq(keys.id, key.id));
  // The key type's handover protocol, prepared for the holder to sign (docs/signatures.md).
  if (key.handoverDocumentId)
    await prepareSignatureIfAvailable(
      tx,
      {
        siteId,
        documentId: key.handoverDocumentId,
        title: `${keyLabelOf(key)}: ${found.name}`,
        source: { module: 'MOD_KM', id: created.id },
      },
      now,
    );
  auditRecord(request, {
    entity: 'keymanagement/keylend',
    recordId: created.id,
    siteId,
    changes: changedFields(undefined, { ...values, level: decision.level }),
  });
  return created.id;
}

/**
 * Takes a lent key back at any gate, from anyone (`person`, default the holder); 404 for another site's
 * lend-out, 409 KEY_RETURNED when it is back already. Audited.
 */
export async function returnKey(
  tx: Db,
  request: FastifyRequest,
  siteId: number,
  id: number,
  input: KeyReturnInput,
  now: Date,
): Promise<void> {
  const [lend] = await tx
    .select()
    .from(keyLends)
    .where(and(eq(keyLends.id, id), eq(keyLends.siteId, siteId)))
    .for('update');
  if (!lend) throw notFound('Lend-out');
  if (lend.returned) throw new AppError('KEY_RETURNED', 'The key has already been returned');
  await checkGate(tx, siteId, input.gate);
  const time = input.time ? new Date(input.time) : now;
  if (time < lend.lendDateTime) throw validationError('time', 'validation.invalid');
  const change = {
    returned: true,
    returnDateTime: time,
    returnGateId: input.gate,
    returnPerson: (input.person || lend.holder || '').slice(0, 200) || null,
    returnNotes: input.notes || null,
    returnedById: sessionOf(request).userId,
  };
  await tx
    .update(keyLends)
    .set({ ...change, version: lend.version + 1, updatedAt: now })
    .where(eq(keyLends.id, id));
  await tx.update(keys).set({ lent: false }).where(eq(keys.id, lend.keyId));
  const before: Record<string, unknown> = lend;
  auditRecord(request, {
    entity: 'keymanagement/keylend',
    recordId: id,
    siteId,
    changes: changedFields(
      Object.fromEntries(Object.keys(change).map((field) => [field, before[field]])),
      change,
    ),
  });
}
