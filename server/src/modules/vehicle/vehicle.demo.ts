import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { siteToday } from '../../platform/siteTime';
import { recordGateMovement } from '../site/movement';
import { gates, identityDocuments } from '../site/site.tables';
import {
  vehicleAdviceCategories,
  vehicleAdvices,
  vehicleForwarders,
  vehicleMaterials,
  vehicleMovements,
  vehiclePurposes,
  vehicleTypes,
} from './vehicle.tables';

const FORWARDERS = ['DHL Freight', 'Raben Logistics', 'Gebrüder Weiss', 'PPL CZ'];
const PURPOSES = [
  { name: 'Vykládka', requiresTrailer: true },
  { name: 'Nakládka', requiresTrailer: true },
  { name: 'Servis' },
  { name: 'Odvoz odpadu' },
];
const MATERIALS = ['Paletové zboží', 'Kusové zboží', 'Chlazené zboží', 'Stavební materiál'];
const TYPES = [{ name: 'Kamion s návěsem', requiresTrailer: true }, { name: 'Dodávka' }, { name: 'Osobní' }];
const ADVICE_CATEGORIES = [
  { name: 'Pravidelný závoz', description: 'Smluvní dopravci podle rozpisu' },
  { name: 'Jednorázová dodávka', description: 'Ohlášené dodávky mimo rozpis' },
];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The passages of the site's demo movements for the gate-load report, as entries and leaves through the API
 * write them: each row's own direction, and the leave of an entry that has no OUT row (a tractor that left its
 * trailer behind).
 */
async function recordDemoPassages(tx: Db, siteId: number): Promise<void> {
  const rows = await tx.select().from(vehicleMovements).where(eq(vehicleMovements.siteId, siteId));
  const closed = new Set(rows.map((row) => row.entryId).filter((id) => id !== null));
  for (const row of rows) {
    if (row.gateId === null) continue;
    await recordGateMovement(tx, siteId, row.gateId, row.direction, row.movementTime);
    if (row.direction === 'IN' && row.departureTime && !closed.has(row.id))
      await recordGateMovement(tx, siteId, row.gateId, 'OUT', row.departureTime);
  }
}

/**
 * Demo data of the vehicles and vehicle advices modules (with the visit demo, whose gates and documents it
 * uses): code lists, a few movements of today (a truck inside, a trailer left behind by its tractor, a van
 * over the dwell limit, a departure) and today's advices, so the guard's vehicle manager shows a working gate.
 */
export async function seedVehicleDemo(tx: Db, siteIds: number[]): Promise<void> {
  for (const siteId of siteIds) {
    const gateIds = (
      await tx.select({ id: gates.id }).from(gates).where(eq(gates.siteId, siteId)).orderBy(asc(gates.id))
    ).map((gate) => gate.id);
    if (gateIds.length === 0) continue;
    const truckGate = gateIds[gateIds.length > 1 ? 1 : 0];
    const [license] = await tx
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(and(eq(identityDocuments.siteId, siteId), eq(identityDocuments.name, 'Řidičský průkaz')));

    const forwarders = await tx
      .insert(vehicleForwarders)
      .values(FORWARDERS.map((name) => ({ siteId, name })))
      .returning({ id: vehicleForwarders.id });
    const purposes = await tx
      .insert(vehiclePurposes)
      .values(PURPOSES.map((purpose) => ({ siteId, ...purpose })))
      .returning({ id: vehiclePurposes.id });
    const materials = await tx
      .insert(vehicleMaterials)
      .values(MATERIALS.map((name) => ({ siteId, name })))
      .returning({ id: vehicleMaterials.id });
    const types = await tx
      .insert(vehicleTypes)
      .values(TYPES.map((type) => ({ siteId, ...type })))
      .returning({ id: vehicleTypes.id });
    const categories = await tx
      .insert(vehicleAdviceCategories)
      .values(ADVICE_CATEGORIES.map((category) => ({ siteId, ...category })))
      .returning({ id: vehicleAdviceCategories.id });

    const driver = (firstName: string, lastName: string) => ({
      driverFirstName: firstName,
      driverLastName: lastName,
      documentTypeId: license?.id ?? null,
    });
    const inside = { siteId, direction: 'IN' as const, inArea: true, gateId: truckGate };
    await tx.insert(vehicleMovements).values([
      {
        ...inside,
        movementTime: minutesAgo(95),
        plate: '2AK4521',
        trailerPlate: '1AP7788',
        trailerInArea: true,
        forwarderId: forwarders[0].id,
        purposeId: purposes[0].id,
        materialId: materials[0].id,
        typeId: types[0].id,
        status: 'LOADED' as const,
        trailerStatus: 'LOADED' as const,
        trailerSeal: 'PL-204518',
        ...driver('Martin', 'Kučera'),
        documentNumber: 'EH123456',
      },
      {
        ...inside,
        inArea: false,
        departed: true,
        departureTime: minutesAgo(120),
        movementTime: minutesAgo(300),
        plate: '5T90011',
        trailerPlate: '2AP3301',
        trailerInArea: true,
        forwarderId: forwarders[1].id,
        purposeId: purposes[1].id,
        typeId: types[0].id,
        trailerStatus: 'EMPTY' as const,
        ...driver('Jiří', 'Novotný'),
      },
      {
        ...inside,
        movementTime: minutesAgo(60 * 30),
        plate: '8B12345',
        purposeId: purposes[2].id,
        typeId: types[1].id,
        ...driver('Pavel', 'Horák'),
      },
    ]);
    const [entered] = await tx
      .insert(vehicleMovements)
      .values({
        siteId,
        direction: 'IN',
        departed: true,
        departureTime: minutesAgo(40),
        gateId: truckGate,
        movementTime: minutesAgo(150),
        plate: '3SC6060',
        forwarderId: forwarders[3].id,
        purposeId: purposes[3].id,
        typeId: types[1].id,
        ...driver('Eva', 'Marešová'),
      })
      .returning({ id: vehicleMovements.id });
    await tx.insert(vehicleMovements).values({
      siteId,
      direction: 'OUT',
      entryId: entered.id,
      gateId: truckGate,
      movementTime: minutesAgo(40),
      plate: '3SC6060',
      forwarderId: forwarders[3].id,
      purposeId: purposes[3].id,
      typeId: types[1].id,
      ...driver('Eva', 'Marešová'),
    });

    await recordDemoPassages(tx, siteId);

    const today = await siteToday(tx, siteId, new Date());
    await tx.insert(vehicleAdvices).values([
      {
        siteId,
        date: today,
        time: '10:30',
        categoryId: categories[0].id,
        forwarder: FORWARDERS[2],
        supplier: 'Kovotech s.r.o.',
        direction: 'IN',
        destination: 'Sklad B, rampa 3',
        gateId: truckGate,
        vehiclePlate: '4AC2210',
        trailerPlate: '1AP9902',
        driverFirstName: 'Roman',
        driverLastName: 'Šťastný',
        phone: '+420 602 111 222',
      },
      {
        siteId,
        date: today,
        time: '14:00',
        categoryId: categories[1].id,
        forwarder: FORWARDERS[3],
        supplier: 'Papírny Brno a.s.',
        direction: 'IN',
        gateId: truckGate,
        vehiclePlate: '6B07781',
        driverFirstName: 'Ondřej',
        driverLastName: 'Veselý',
      },
    ]);
  }
}
