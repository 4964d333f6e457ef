import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PATROL_INCIDENT_OBJECT_CLASS } from '@strazce/contract';
import type { Db } from '../../db/database';
import { hashPassword } from '../../platform/secrets';
import { incidents, incidentTypes } from '../incident/incident.tables';
import { persons, siteModules } from '../../platform/platform.tables';
import { authorizeMachineClient } from '../../platform/terminalRecords';
import {
  patrolCheckpoints,
  patrolGuards,
  patrolInstances,
  patrolRouteCheckpoints,
  patrolRoutes,
  patrolScans,
  patrolTasksDone,
  patrolTerminals,
} from './patrol.tables';
import { finishPatrol } from './patrolInstance.service';

/** The PIN of the demo guard on each demo site (README, demo data). */
export const DEMO_GUARD_PIN = '7391';

const CHECKPOINTS = [
  { name: 'Hlavní brána', tagId: 'CP-GATE', description: 'Štítek na sloupku u závory' },
  { name: 'Sklad', tagId: 'CP-STORE', description: 'Vedle vrat rampy 2' },
  { name: 'Kotelna', tagId: 'CP-BOILER', description: null },
  { name: 'Parkoviště', tagId: 'CP-PARKING', description: 'Zadní parkoviště u plotu' },
];
const TASKS = ['Zkontrolovat zamčení skladu', 'Zapsat stav plynoměru'];
const INCIDENT_TYPES = ['Otevřené okno nebo dveře', 'Poškozený plot', 'Podezřelá osoba'];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Demo data of patrols on the demo sites with MOD_PATROL: checkpoints with tags CP-GATE, CP-STORE, CP-BOILER
 * and CP-PARKING, a guard with the PIN `DEMO_GUARD_PIN`, an ordered route with tasks, a patrol terminal (its
 * token is issued again on /patrol/terminals), patrol incident types, and an archive: a perfect patrol, one out
 * of order with a repeated scan, a missed checkpoint and an incident, one too fast, and one in progress.
 * Finished through the same finish as the terminal's, so their scores and reasons are what the server computes.
 */
export async function seedPatrolDemo(tx: Db, siteIds: number[]): Promise<void> {
  for (const siteId of siteIds) {
    const [enabled] = await tx
      .select({ siteId: siteModules.siteId })
      .from(siteModules)
      .where(and(eq(siteModules.siteId, siteId), eq(siteModules.module, 'MOD_PATROL')));
    if (!enabled) continue;

    const checkpoints = await tx
      .insert(patrolCheckpoints)
      .values(CHECKPOINTS.map((checkpoint) => ({ siteId, ...checkpoint })))
      .returning({ id: patrolCheckpoints.id, name: patrolCheckpoints.name, tagId: patrolCheckpoints.tagId });
    const [person] = await tx
      .insert(persons)
      .values({ firstName: 'Karel', lastName: 'Obchůzkový', homeSiteId: siteId })
      .returning({ id: persons.id });
    const [guard] = await tx
      .insert(patrolGuards)
      .values({ siteId, personId: person.id, pinHash: await hashPassword(DEMO_GUARD_PIN), pinSet: true })
      .returning({ id: patrolGuards.id });
    const [route] = await tx
      .insert(patrolRoutes)
      .values({
        siteId,
        name: 'Noční obchůzka areálu',
        ordered: true,
        description: 'Brána, sklad, kotelna a parkoviště v tomto pořadí',
        tasks: TASKS,
      })
      .returning({ id: patrolRoutes.id, name: patrolRoutes.name });
    await tx.insert(patrolRouteCheckpoints).values(
      checkpoints.map((checkpoint, position) => ({
        routeId: route.id,
        checkpointId: checkpoint.id,
        position,
      })),
    );
    const client = await authorizeMachineClient(tx, {
      siteId,
      name: 'Ruční terminál – vrátnice',
      role: 'PATROL_TERMINAL',
    });
    const [terminal] = await tx
      .insert(patrolTerminals)
      .values({
        siteId,
        name: 'Ruční terminál – vrátnice',
        uuid: randomUUID(),
        description: 'Terminál strážných na vrátnici',
        clientId: client.id,
      })
      .returning({ id: patrolTerminals.id });
    const types = await tx
      .insert(incidentTypes)
      .values(INCIDENT_TYPES.map((name) => ({ siteId, module: 'MOD_PATROL' as const, name })))
      .returning({ id: incidentTypes.id });

    const plan = checkpoints.map(({ id, name }) => ({ id, name }));
    /** A patrol started `startedAgo` minutes ago with scans of these checkpoints (indexes) at these minutes. */
    const patrol = async (startedAgo: number, stops: Array<[number, number]>, tasksDone: number) => {
      const started = minutesAgo(startedAgo);
      const [instance] = await tx
        .insert(patrolInstances)
        .values({
          siteId,
          clientPatrolId: randomUUID(),
          routeId: route.id,
          guardId: guard.id,
          terminalId: terminal.id,
          clientId: client.id,
          started,
          routeName: route.name,
          ordered: true,
          plan,
          tasks: TASKS,
          checkpointCount: plan.length,
          scannedCount: new Set(stops.map(([index]) => index)).size,
        })
        .returning();
      if (stops.length > 0)
        await tx.insert(patrolScans).values(
          stops.map(([index, minute]) => ({
            siteId,
            instanceId: instance.id,
            checkpointId: checkpoints[index].id,
            tagId: checkpoints[index].tagId,
            method: 'NFC' as const,
            time: minutesAgo(startedAgo - minute),
            receivedAt: minutesAgo(startedAgo - minute),
            routePosition: index + 1,
          })),
        );
      for (let index = 0; index < tasksDone; index++)
        await tx.insert(patrolTasksDone).values({
          siteId,
          instanceId: instance.id,
          index,
          time: minutesAgo(startedAgo - 10 - index),
          receivedAt: minutesAgo(startedAgo - 10 - index),
        });
      return instance;
    };
    const finish = (instance: typeof patrolInstances.$inferSelect, after: number) => {
      const finished = new Date(instance.started.getTime() + after * 60_000);
      return finishPatrol(tx, instance, { finished, finishedById: null, now: finished });
    };

    // Two days ago: every checkpoint in order, five minutes apart (the route learns its walks).
    await finish(
      await patrol(
        2 * 1440,
        [
          [0, 1],
          [1, 6],
          [2, 11],
          [3, 16],
        ],
        2,
      ),
      20,
    );
    // Yesterday: the store after the boiler room, the boiler room twice, the car park missed; an open window.
    const imperfect = await patrol(
      1440,
      [
        [0, 2],
        [2, 9],
        [1, 14],
        [2, 19],
      ],
      1,
    );
    await tx.insert(incidents).values({
      siteId,
      module: 'MOD_PATROL',
      typeId: types[0].id,
      consequence: 'NORMAL',
      report: 'Otevřené okno ve skladu',
      description: 'Okno u rampy 2 nešlo zavřít, zajištěno provizorně.',
      objectClass: PATROL_INCIDENT_OBJECT_CLASS,
      objectId: String(imperfect.id),
      createdDate: minutesAgo(1440 - 15),
      createdById: person.id,
    });
    await tx.update(patrolInstances).set({ incidentCount: 1 }).where(eq(patrolInstances.id, imperfect.id));
    await finish(imperfect, 25);
    // This morning: from the gate to the store in a minute (the route knows five): too fast.
    await finish(
      await patrol(
        6 * 60,
        [
          [0, 1],
          [1, 2],
          [2, 8],
          [3, 13],
        ],
        2,
      ),
      18,
    );
    // In progress: started twenty minutes ago, two checkpoints so far.
    await patrol(
      20,
      [
        [0, 2],
        [1, 8],
      ],
      0,
    );
  }
}
