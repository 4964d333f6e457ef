import { asc, eq } from 'drizzle-orm';
import type { KeyRule } from '@strazce/contract';
import type { Db } from '../../db/database';
import { gates, personGroupMembers, personGroups } from '../site/site.tables';
import { persons, siteModules } from '../../platform/platform.tables';
import {
  doorGroupMembers,
  doorGroups,
  doors,
  keyDoors,
  keyFrames,
  keyGroupMembers,
  keyGroups,
  keyLends,
  keyPrivileges,
  keys,
  keyTypes,
} from './keys.tables';

const HOUR_MS = 3_600_000;

const DOORS = [
  { name: 'Hlavní vchod', group: 0 },
  { name: 'Kancelář vedení', group: 0 },
  { name: 'Serverovna', group: 0 },
  { name: 'Sklad – rampa 1', group: 1 },
  { name: 'Sklad – kotelna', group: 1 },
];

/** The demo keys: code, name, type (0 common, 1 working time), doors and key groups by index. */
const KEYS: Array<{
  code: string;
  name: string;
  type: number;
  doors: number[];
  groups: number[];
  defaultRule?: KeyRule;
  notification?: boolean;
}> = [
  { code: 'K-001', name: 'Hlavní vchod', type: 0, doors: [0], groups: [0] },
  { code: 'K-002', name: 'Kancelář vedení', type: 0, doors: [1], groups: [0] },
  { code: 'K-003', name: 'Serverovna', type: 1, doors: [2], groups: [0], defaultRule: 'DENY' },
  { code: 'K-004', name: 'Rampa 1', type: 0, doors: [3], groups: [1] },
  { code: 'K-005', name: 'Kotelna', type: 1, doors: [4], groups: [1], notification: true },
];

/**
 * Demo data of key management on the demo sites with MOD_KM: a key cabinet, doors in two door groups, two key
 * types (one counted in working time), two key groups, keys K-001…K-005, privileges (the server room only for
 * the maintenance team, one person refused the boiler room), and two lend-outs: one open, one overdue.
 */
export async function seedKeysDemo(tx: Db, siteIds: number[], now = new Date()): Promise<void> {
  for (const siteId of siteIds) {
    const modules = await tx
      .select({ module: siteModules.module })
      .from(siteModules)
      .where(eq(siteModules.siteId, siteId));
    if (!modules.some((row) => row.module === 'MOD_KM')) continue;
    const [gate] = await tx
      .select({ id: gates.id })
      .from(gates)
      .where(eq(gates.siteId, siteId))
      .orderBy(asc(gates.id))
      .limit(1);
    if (!gate) continue;

    const [frame] = await tx
      .insert(keyFrames)
      .values({ siteId, name: 'Klíčová skříň – vrátnice', description: 'Skříň u hlavní vrátnice' })
      .returning({ id: keyFrames.id });
    const doorGroupIds = (
      await tx
        .insert(doorGroups)
        .values([
          { siteId, name: 'Administrativní budova' },
          { siteId, name: 'Skladová hala' },
        ])
        .returning({ id: doorGroups.id })
    ).map((row) => row.id);
    const doorIds = (
      await tx
        .insert(doors)
        .values(DOORS.map((door) => ({ siteId, name: door.name })))
        .returning({ id: doors.id })
    ).map((row) => row.id);
    await tx
      .insert(doorGroupMembers)
      .values(
        DOORS.map((door, index) => ({ siteId, doorId: doorIds[index], groupId: doorGroupIds[door.group] })),
      );
    const typeIds = (
      await tx
        .insert(keyTypes)
        .values([
          { siteId, name: 'Běžný klíč', maxLendingHours: 12, description: 'Vrátit do 12 hodin' },
          {
            siteId,
            name: 'Služební klíč',
            maxLendingHours: 16,
            workingTime: true,
            description: 'Počítají se jen pracovní dny',
          },
        ])
        .returning({ id: keyTypes.id })
    ).map((row) => row.id);
    const keyGroupIds = (
      await tx
        .insert(keyGroups)
        .values([
          { siteId, name: 'Kanceláře a technika' },
          { siteId, name: 'Provozní klíče' },
        ])
        .returning({ id: keyGroups.id })
    ).map((row) => row.id);
    const keyIds = (
      await tx
        .insert(keys)
        .values(
          KEYS.map((key) => ({
            siteId,
            code: key.code,
            name: key.name,
            typeId: typeIds[key.type],
            frameId: frame.id,
            defaultGateId: gate.id,
            defaultRule: key.defaultRule ?? 'ALLOW',
            notification: key.notification ?? false,
            notificationEmails: key.notification ? 'udrzba@example.com' : null,
          })),
        )
        .returning({ id: keys.id })
    ).map((row) => row.id);
    await tx
      .insert(keyDoors)
      .values(
        KEYS.flatMap((key, index) =>
          key.doors.map((door) => ({ siteId, keyId: keyIds[index], doorId: doorIds[door] })),
        ),
      );
    await tx
      .insert(keyGroupMembers)
      .values(
        KEYS.flatMap((key, index) =>
          key.groups.map((group) => ({ siteId, keyId: keyIds[index], groupId: keyGroupIds[group] })),
        ),
      );

    const holders = await tx
      .insert(persons)
      .values([
        { firstName: 'Karel', lastName: 'Klíčník', homeSiteId: siteId, note: 'Údržba' },
        { firstName: 'Ilona', lastName: 'Zámečková', homeSiteId: siteId },
      ])
      .returning({ id: persons.id });
    const [team] = await tx
      .insert(personGroups)
      .values({ siteId, name: 'Údržba budov', description: 'Smí si půjčit klíč od serverovny' })
      .returning({ id: personGroups.id });
    await tx.insert(personGroupMembers).values({ groupId: team.id, personId: holders[0].id });
    await tx.insert(keyPrivileges).values([
      { siteId, keyId: keyIds[2], teamId: team.id, rule: 'ALLOW', note: 'Serverovna jen pro údržbu' },
      { siteId, keyId: keyIds[4], personId: holders[1].id, rule: 'DENY', note: 'Bez školení kotelny' },
    ]);

    const openSince = new Date(now.getTime() - 2 * HOUR_MS);
    const overdueSince = new Date(now.getTime() - 30 * HOUR_MS);
    await tx.insert(keyLends).values([
      {
        siteId,
        keyId: keyIds[0],
        lendDateTime: openSince,
        due: new Date(openSince.getTime() + 12 * HOUR_MS),
        holder: 'Zámečková Ilona',
        personId: holders[1].id,
        gateId: gate.id,
        notes: 'Ranní směna',
      },
      {
        siteId,
        keyId: keyIds[3],
        lendDateTime: overdueSince,
        due: new Date(overdueSince.getTime() + 12 * HOUR_MS),
        holder: 'Klíčník Karel',
        personId: holders[0].id,
        gateId: gate.id,
        notes: 'Oprava vrat rampy',
      },
    ]);
    await tx.update(keys).set({ lent: true }).where(eq(keys.id, keyIds[0]));
    await tx.update(keys).set({ lent: true }).where(eq(keys.id, keyIds[3]));
  }
}
