import { and, eq } from 'drizzle-orm';
import type { LogisticsTransportAttribute } from '@strazce/contract';
import type { Db } from '../../db/database';
import { siteModules } from '../../platform/platform.tables';
import {
  logisticsOperations,
  logisticsRamps,
  logisticsStatuses,
  logisticsSuppliers,
  logisticsTransports,
  logisticsTypes,
  transportLog,
  transportLogisticsOperations,
  workflowAutomaticAttributes,
  workflowCompulsoryAttributes,
  workflowOperationRoles,
  workflowOperations,
} from './logistics.tables';

const MINUTE = 60_000;
const PLATES = ['1AB 2345', '2BC 3456', '3CD 4567', '4DE 5678', '5EF 6789', '6FG 7890'];

/**
 * Demo data of logistics on the demo sites with MOD_LOGISTICS: statuses Ohlášeno → Na rampě → Naloženo →
 * Odjeto (archive), two ramps, types, suppliers, logistics operations, workflow operations (the entry with
 * confirmation, a compulsory ramp and the automatic entry time; the loading without editor; the departure with
 * the automatic leave time) and today's transports in each status with their logs.
 */
export async function seedLogisticsDemo(tx: Db, siteIds: number[], now = new Date()): Promise<void> {
  for (const siteId of siteIds) {
    const [enabled] = await tx
      .select({ module: siteModules.module })
      .from(siteModules)
      .where(and(eq(siteModules.siteId, siteId), eq(siteModules.module, 'MOD_LOGISTICS')));
    if (!enabled) continue;
    const statuses = await tx
      .insert(logisticsStatuses)
      .values([
        { siteId, name: 'Ohlášeno', position: 10, color: '#1677ff' },
        { siteId, name: 'Na rampě', position: 20, color: '#fa8c16' },
        { siteId, name: 'Naloženo', position: 30, color: '#52c41a' },
        { siteId, name: 'Odjeto', position: 40, archive: true, color: '#8c8c8c' },
      ])
      .returning({ id: logisticsStatuses.id });
    const [announced, atRamp, loaded, left] = statuses.map((status) => status.id);
    const ramps = await tx
      .insert(logisticsRamps)
      .values([
        { siteId, name: 'Rampa 1', description: 'Vykládka' },
        { siteId, name: 'Rampa 2', description: 'Nakládka' },
      ])
      .returning({ id: logisticsRamps.id });
    const types = await tx
      .insert(logisticsTypes)
      .values([
        { siteId, name: 'Dodávka' },
        { siteId, name: 'Odvoz' },
      ])
      .returning({ id: logisticsTypes.id });
    const suppliers = await tx
      .insert(logisticsSuppliers)
      .values([
        { siteId, name: 'Alfa Logistik s.r.o.' },
        { siteId, name: 'Česká přeprava a.s.' },
      ])
      .returning({ id: logisticsSuppliers.id });
    const [unloading] = await tx
      .insert(logisticsOperations)
      .values([
        { siteId, name: 'Vykládka', notificationEmails: 'sklad@example.com', color: '#1677ff' },
        { siteId, name: 'Nakládka', color: '#52c41a' },
      ])
      .returning({ id: logisticsOperations.id });
    const operation = async (
      values: Omit<typeof workflowOperations.$inferInsert, 'siteId'>,
      compulsory: LogisticsTransportAttribute[],
      automatic: LogisticsTransportAttribute[],
    ) => {
      const [row] = await tx
        .insert(workflowOperations)
        .values({ ...values, siteId })
        .returning({ id: workflowOperations.id });
      await tx.insert(workflowOperationRoles).values(
        (['LOGISTICS_OPERATOR', 'LOGISTICS_ADMIN'] as const).map((role) => ({
          siteId,
          operationId: row.id,
          role,
        })),
      );
      for (const [table, attributes] of [
        [workflowCompulsoryAttributes, compulsory],
        [workflowAutomaticAttributes, automatic],
      ] as const)
        if (attributes.length > 0)
          await tx
            .insert(table)
            .values(attributes.map((attribute) => ({ siteId, operationId: row.id, attribute })));
      return row.id;
    };
    const entry = await operation(
      { name: 'Vjezd na rampu', startStatusId: announced, endStatusId: atRamp, requireConfirmation: true },
      ['ramp'],
      ['entry'],
    );
    const load = await operation(
      { name: 'Naloženo', startStatusId: atRamp, endStatusId: loaded, withoutEditor: true },
      [],
      [],
    );
    const depart = await operation(
      { name: 'Odjezd', startStatusId: loaded, endStatusId: left },
      [],
      ['leave'],
    );

    // Today's transports: how far along each is (0 announced … 3 left).
    const steps = [
      { from: announced, to: atRamp, operation: entry },
      { from: atRamp, to: loaded, operation: load },
      { from: loaded, to: left, operation: depart },
    ];
    for (const [index, progress] of [0, 0, 1, 2, 3, 3].entries()) {
      const arrive = new Date(now.getTime() - (6 - index) * 45 * MINUTE);
      const entered = progress >= 1 ? new Date(arrive.getTime() + 10 * MINUTE) : null;
      const done = progress >= 3 ? new Date(arrive.getTime() + 40 * MINUTE) : null;
      const [transport] = await tx
        .insert(logisticsTransports)
        .values({
          siteId,
          datetimeArrive: arrive,
          entry: entered,
          leave: done,
          licencePlate: PLATES[index],
          spedition: index % 2 === 0 ? 'Rychlá spedice' : null,
          supplierId: suppliers[index % 2].id,
          typeId: types[index % 2].id,
          driverFirstName: 'Jan',
          driverLastName: `Řidič ${index + 1}`,
          rampId: progress >= 1 ? ramps[index % 2].id : null,
          statusId: progress === 0 ? announced : steps[progress - 1].to,
          operationId: progress === 0 ? null : steps[progress - 1].operation,
          version: progress,
        })
        .returning({ id: logisticsTransports.id });
      await tx
        .insert(transportLogisticsOperations)
        .values({ siteId, transportId: transport.id, logisticsOperationId: unloading.id });
      for (let step = 0; step < progress; step++)
        await tx.insert(transportLog).values({
          siteId,
          transportId: transport.id,
          time: new Date(arrive.getTime() + (10 + step * 15) * MINUTE),
          operationId: steps[step].operation,
          startStatusId: steps[step].from,
          endStatusId: steps[step].to,
        });
    }
  }
}
