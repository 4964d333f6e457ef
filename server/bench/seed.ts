// Over 600 lines on purpose: the bench's data of every module at its measured size (a million visits, vehicle
// movements, stock and logistics history), written as set-based SQL per module; one file so that a scenario's
// rows and the indexes they exercise are read together. Split by module if another module's data joins.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { MODULES } from '@strazce/contract';
import { userRoles } from '../src/modules/access/access.tables';
import { userSites, users, clients, persons, siteModules, sites } from '../src/platform/platform.tables';
import { districts, gates, identityDocuments } from '../src/modules/site/site.tables';
import {
  vehicleAdviceCategories,
  vehicleForwarders,
  vehicleMaterials,
  vehiclePurposes,
  vehicleTypes,
} from '../src/modules/vehicle/vehicle.tables';
import { stockCategories, stockUnits, stockWarehouses } from '../src/modules/stock/stock.tables';
import {
  logisticsOperations,
  logisticsRamps,
  logisticsStatuses,
  logisticsSuppliers,
  logisticsTypes,
  workflowAutomaticAttributes,
  workflowCompulsoryAttributes,
  workflowOperationRoles,
  workflowOperations,
} from '../src/modules/logistics/logistics.tables';
import { visitCards, visitPurposes } from '../src/modules/visit/visit.tables';
import { hashPassword, hashToken, newToken } from '../src/platform/secrets';
import { siteToday } from '../src/platform/siteTime';

export const BENCH_USER = 'bench';
export const BENCH_PASSWORD = 'Bench1234!';
/** The surname the name-filter scenario searches for: one of the seeded names, about 1 % of the visits. */
export const BENCH_SURNAME = 'Dvořák';
/**
 * The users of the mixed load (all with BENCH_PASSWORD and the bench site): a receptionist, a viewer who
 * sees personal data masked, and an administrator who reads the administration lists.
 */
export const MIX_USERS = {
  reception: { userName: 'bench.recepce', roles: ['VISIT_USER', 'VIEW_PERSONAL_INFO', 'ALL_CLIENTS'] },
  viewer: { userName: 'bench.prohlizec', roles: ['VISIT_VIEW', 'ALL_CLIENTS'] },
  admin: { userName: 'bench.admin', roles: ['ADMINISTRATOR', 'ALL_CLIENTS'] },
} as const;
/** How many persons the person list (an administration list of the mixed load) holds. */
export const PERSONS = 2000;
/** How many of the newest entries are still in the area. */
export const IN_AREA = 300;

const FIRST_NAMES = (
  'Jan Petr Jiří Josef Pavel Martin Tomáš Jaroslav Miroslav Zdeněk Václav Michal František Jakub Milan Karel ' +
  'Lukáš David Ondřej Vladimír Marie Jana Eva Hana Anna Lenka Kateřina Věra Lucie Alena Petra Veronika ' +
  'Jaroslava Tereza Martina Michaela Jitka Helena Ludmila Zdeňka Ivana Monika Eliška Zuzana Markéta'
).split(' ');
const LAST_NAMES = (
  'Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák Němec Pokorný Marek Pospíšil Hájek ' +
  'Jelínek Král Růžička Beneš Fiala Sedláček Doležal Zeman Kolář Navrátil Čermák Vaněk Urban Blažek Kříž ' +
  'Kovář Bartoš Vlček Polák Musil Kopecký Šimek Konečný Malý Holub Čech Štěpánek Staněk Kadlec Dostál ' +
  'Soukup Šťastný Mareš Moravec Sýkora Tichý Valenta Vávra Matoušek Říha Bláha Šebesta Ševčík Bureš ' +
  'Hrubý Mašek Havlíček Janda Pavlík Hruška Lukáš Kratochvíl Hrdina Jireš Klíma Adámek Štěpán Toman ' +
  'Šindelář Hronek Kubíček Vojtěch Vlk Smetana Kopřiva Vondra Bednář Kubát Skála Beran Mach Zelenka ' +
  'Tůma Paur Kašpar Slanina Hanák Charvát Krejčí Kazda Rada Šafránek Pešek Zedník Hladík Burian Brož'
).split(' ');
const COMPANIES = (
  'ACME s.r.o.|Stavby Praha a.s.|Logistika CZ s.r.o.|Elektro Novák|Úklid Plus s.r.o.|IT Servis a.s.|' +
  'Kurýr Express|Strojírny Brno a.s.|Revize Morava s.r.o.|Catering Veselý|Bezpečnost 24 s.r.o.|Auditoři a.s.'
).split('|');
const PURPOSES = [
  'Obchodní jednání',
  'Servis',
  'Dodávka zboží',
  'Pohovor',
  'Revize',
  'Exkurze',
  'Stavební práce',
  'Úklid',
  'Kurýr',
  'Školení',
];
const GATES = ['Hlavní vrátnice', 'Recepce A', 'Recepce B', 'Zásobovací brána', 'Parkoviště', 'Jižní vstup'];

const array = (values: string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`);
/** A well-spread pseudo-random pick from a list, deterministic in the series number g. */
const pick = (values: string[], salt: number) =>
  sql`(${array(values)})[1 + ((g::bigint * ${sql.raw(String(salt))}) % ${sql.raw(String(values.length))})]`;

export interface BenchSite {
  siteId: number;
  gateIds: number[];
  purposeIds: number[];
}

/** A site with every module, realistic gates, purposes, cards and document types; no users. */
async function seedSiteCodeLists(db: Db, name: string): Promise<BenchSite> {
  const [site] = await db.insert(sites).values({ name }).returning({ id: sites.id });
  await db.insert(siteModules).values(MODULES.map((module) => ({ siteId: site.id, module })));
  const [district] = await db
    .insert(districts)
    .values({ siteId: site.id, name: 'Areál' })
    .returning({ id: districts.id });
  const gateRows = await db
    .insert(gates)
    .values(GATES.map((name) => ({ siteId: site.id, name, districtId: district.id })))
    .returning({ id: gates.id });
  const purposeRows = await db
    .insert(visitPurposes)
    .values(PURPOSES.map((name, index) => ({ siteId: site.id, name, anonymize: index === 3 })))
    .returning({ id: visitPurposes.id });
  await db
    .insert(visitCards)
    .values(Array.from({ length: 500 }, (_, index) => ({ siteId: site.id, code: `K${1000 + index}` })));
  await db.insert(identityDocuments).values([
    { siteId: site.id, name: 'Občanský průkaz' },
    { siteId: site.id, name: 'Cestovní pas' },
  ]);
  return {
    siteId: site.id,
    gateIds: gateRows.map((row) => row.id),
    purposeIds: purposeRows.map((row) => row.id),
  };
}

/**
 * The bench site: every module, its code lists, the bench user and the mixed load's users, and the persons of
 * the administration lists.
 */
export async function seedSite(db: Db): Promise<BenchSite> {
  const site = await seedSiteCodeLists(db, 'Bench – centrála');
  const [person] = await db
    .insert(persons)
    .values({ firstName: 'Bench', lastName: 'Recepce', email: 'bench@example.com' })
    .returning({ id: persons.id });
  const [user] = await db
    .insert(users)
    .values({ userName: BENCH_USER, passwordHash: await hashPassword(BENCH_PASSWORD), personId: person.id })
    .returning({ id: users.id });
  await db.insert(userRoles).values(
    // ADMINISTRATOR for the audit log scenarios, the vehicle roles for the vehicle manager's, STOCK_USER records
    // movements, LOGISTICS_OPERATOR reads transports and executes the dispatchers' operations.
    [
      'VISIT_ADMIN',
      'VISIT_USER',
      'VEHICLE_ADMIN',
      'VEHICLE_USER',
      'STOCK_USER',
      'LOGISTICS_OPERATOR',
      'VIEW_PERSONAL_INFO',
      'ALL_CLIENTS',
      'ADMINISTRATOR',
    ].map((role) => ({
      userId: user.id,
      role,
    })),
  );
  await db.insert(userSites).values({ userId: user.id, siteId: site.siteId });
  for (const mixUser of Object.values(MIX_USERS)) {
    const [row] = await db
      .insert(users)
      .values({ userName: mixUser.userName, passwordHash: await hashPassword(BENCH_PASSWORD) })
      .returning({ id: users.id });
    await db.insert(userRoles).values(mixUser.roles.map((role) => ({ userId: row.id, role })));
    await db.insert(userSites).values({ userId: row.id, siteId: site.siteId });
  }
  await db.execute(sql`
    insert into system_person (first_name, last_name, email, corporate_id, home_site_id)
    select ${pick(FIRST_NAMES, 2654435761)}, ${pick(LAST_NAMES, 40503)}, 'osoba' || g || '@example.com',
      'C' || lpad(g::text, 6, '0'), ${site.siteId}::int
    from generate_series(1, ${PERSONS}::int) g`);
  return site;
}

/** `count` more sites with the bench site's code lists and no users: their visits share the tables. */
export async function seedOtherSites(db: Db, count: number): Promise<BenchSite[]> {
  const others: BenchSite[] = [];
  for (let n = 1; n <= count; n++) others.push(await seedSiteCodeLists(db, `Bench – pobočka ${n}`));
  return others;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Drops a table's indexes for a bulk load (faster); the returned function builds them again. */
async function dropIndexes(db: Db, table: string): Promise<() => Promise<void>> {
  const indexes = rowsOf(
    await db.execute(
      // Not the indexes of constraints (the primary key, whatever its name).
      sql`select indexname, indexdef from pg_indexes where tablename = ${table}
        and indexname not in (select conname from pg_constraint where conindid <> 0)`,
    ),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${String(index.indexname)}`));
  return async () => {
    // A partitioned table's index is defined `ON ONLY` the parent; built on the whole table it covers every
    // partition again.
    for (const index of indexes)
      await db.execute(sql.raw(String(index.indexdef).replace(' ON ONLY ', ' ON ')));
  };
}

/**
 * `count` visits in bulk SQL (`generate_series`), spread evenly over `sites` (interleaved, as sites work at the
 * same time); on each site newest first every 90 seconds back in time: entries and departures alternate, the
 * newest entries are in the area, a third bring a vehicle, a tenth companions and a twentieth equipment. The
 * visit indexes are dropped for the load and built again afterwards (faster).
 */
export async function seedVisits(
  db: Db,
  sites: BenchSite[],
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const rebuildIndexes = await dropIndexes(db, 'visit');

  // Series number g is visit l (1-based, newest first) of site s (0-based): every site has the same gates and
  // purposes, so each site's own are at s × their number in the flat arrays.
  const siteIds = sql.raw(`array[${sites.map((site) => site.siteId).join(',')}]`);
  const purposes = sql.raw(`array[${sites.flatMap((site) => site.purposeIds).join(',')}]`);
  const gateIds = sql.raw(`array[${sites.flatMap((site) => site.gateIds).join(',')}]`);
  const purposeCount = sites[0].purposeIds.length;
  const gateCount = sites[0].gateIds.length;
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into visit (site_id, movement_time, direction, in_area, departed, departure_time, tag, purpose_id,
        gate_id, first_name, last_name, company, document_number, visited_first_name, visited_last_name,
        vehicle_plate, parking_place)
      select (${siteIds})[1 + s],
        now() - l * interval '90 seconds',
        case when l % 2 = 1 then 'IN' else 'OUT' end,
        l % 2 = 1 and l <= ${IN_AREA * 2},
        l % 2 = 1 and l > ${IN_AREA * 2},
        case when l % 2 = 1 and l > ${IN_AREA * 2} then now() - (l - 1) * interval '90 seconds' end,
        case when l % 2 = 1 and l <= ${IN_AREA * 2} then 'K' || (1000 + (l / 2) % 500) end,
        (${purposes})[1 + s * ${purposeCount} + ((g::bigint * 7919) % ${purposeCount})],
        (${gateIds})[1 + s * ${gateCount} + ((g::bigint * 104729) % ${gateCount})],
        ${pick(FIRST_NAMES, 2654435761)},
        ${pick(LAST_NAMES, 40503)},
        ${pick(COMPANIES, 69069)},
        lpad(((g::bigint * 2654435761) % 1000000000)::text, 9, '0'),
        ${pick(FIRST_NAMES, 1103515245)},
        ${pick(LAST_NAMES, 22695477)},
        case when g % 3 = 0 then (1 + g % 9) || chr(65 + (g % 26)::int) || (g % 10) || ' ' || lpad((g % 10000)::text, 4, '0') end,
        case when g % 3 = 0 then 'P' || (g % 120) end
      from generate_series(${from}::int, ${to}::int) g,
        lateral (select (g - 1) % ${sites.length} as s, (g - 1) / ${sites.length} + 1 as l) local`);
    log(`  visits ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  await db.execute(sql`
    insert into visit_accompaniment (site_id, visit_id, name, document)
    select site_id, id, 'Doprovod ' || (id % 1000), 'OP' || id from visit where id % 10 = 0`);
  await db.execute(sql`
    insert into visit_equipment (site_id, visit_id, object, serial_number)
    select site_id, id, 'Notebook', 'SN' || id from visit where id % 20 = 0`);
  log('  building indexes');
  await rebuildIndexes();
  await db.execute(sql`vacuum analyze`);
}

/** An author of the seeded audit trail whose entries the author-filter scenario lists (a few percent). */
export const BENCH_AUDIT_AUTHOR = 'recepce.novak';
const AUDIT_AUTHORS = [BENCH_AUDIT_AUTHOR, 'admin', 'vratny.svoboda', 'recepce.dvorakova', 'dispecer.kral'];

/**
 * `count` audit entries in bulk SQL, newest first every 30 seconds back: writes on the sites (runs of nine
 * entries each, in turn) and logins without one, from a few dozen authors (the first of them makes a few percent). The indexes are dropped for
 * the load and built again afterwards; the entries are not chained (the bench reads, it does not verify).
 */
export async function seedAudits(
  db: Db,
  sites: BenchSite[],
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const rebuildIndexes = await dropIndexes(db, 'system_audit');
  const siteIds = sql.raw(`array[${sites.map((site) => site.siteId).join(',')}]`);
  const authors = sql.raw(
    `array[${[...AUDIT_AUTHORS, ...Array.from({ length: 40 }, (_, i) => `uzivatel.${i}`)]
      .map((name) => `'${name}'`)
      .join(',')}]`,
  );
  // The month partitions the entries fall in (migration 0032), as the hourly job keeps them on a live site.
  await db.execute(sql`
    select system_audit_partition(month) from generate_series(
      date_trunc('month', now() - ${count}::int * interval '30 seconds', 'UTC'),
      date_trunc('month', now(), 'UTC'), interval '1 month') as month`);
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into system_audit (created, event, site_id, author, method, path, entity, record_id, status,
        address, params, request_headers, request_body, changes)
      select now() - g * interval '30 seconds',
        case when g % 10 = 0 then 'LOGIN' else 'WRITE' end,
        case when g % 10 = 0 then null else (${siteIds})[1 + (g / 10) % ${sites.length}] end,
        (${authors})[1 + ((g::bigint * 2654435761) % 45)],
        case when g % 10 = 0 then 'GET' when g % 3 = 0 then 'PUT' else 'POST' end,
        case when g % 10 = 0 then '/api/session' else '/api/visit/' || (g % 50000) end,
        case when g % 10 = 0 then null else 'visit' end,
        case when g % 10 = 0 then null else (g % 50000)::text end,
        case when g % 97 = 0 then 400 when g % 10 = 0 then 200 else 201 end,
        '10.0.' || (g % 250) || '.' || (g % 200),
        '{}'::jsonb,
        jsonb_build_object('user-agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156.0'),
        jsonb_build_object('firstName', 'Jan', 'lastName', 'Novák', 'note', repeat('x', 40)),
        jsonb_build_object('note', jsonb_build_object('from', null, 'to', 'n'))
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  audit entries ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  log('  building audit indexes');
  await rebuildIndexes();
  await db.execute(sql`vacuum analyze system_audit`);
}

/** How many vehicles (entries without a departure) are still in the area. */
export const VEHICLES_IN_AREA = 300;
/** Of the entries just older than those, how many left their trailer behind (the trailer still in the area). */
export const TRAILERS_LEFT = 40;
/** How many different vehicles (plates) come and go: each returns about every this many entries. */
const FLEET = 50_000;
/** Letters of Czech plates (region letters and series; no G, O, Q, W). */
const PLATE_LETTERS = 'ABCEHJKLMNPRSTUVXYZ';
const VEHICLE_FORWARDERS = [
  'DHL Freight',
  'Raben Logistics',
  'Gebrüder Weiss',
  'PPL CZ',
  'Geis CZ',
  'DSV Road',
  'Schenker',
  'Kuehne + Nagel',
  'Toptrans',
  'Vlastní doprava',
];
const VEHICLE_PURPOSES = [
  { name: 'Vykládka', requiresTrailer: true },
  { name: 'Nakládka', requiresTrailer: true },
  { name: 'Servis' },
  { name: 'Odvoz odpadu' },
  { name: 'Kurýr' },
  { name: 'Stavební práce' },
];
const VEHICLE_MATERIALS = [
  'Paletové zboží',
  'Kusové zboží',
  'Chlazené zboží',
  'Stavební materiál',
  'Sypký materiál',
  'Chemikálie',
  'Odpad',
];
const VEHICLE_TYPES = [
  { name: 'Kamion s návěsem', requiresTrailer: true },
  { name: 'Nákladní s přívěsem', requiresTrailer: true },
  { name: 'Nákladní' },
  { name: 'Dodávka' },
  { name: 'Osobní' },
];

/**
 * A Czech plate ('1AB2345': a digit, a letter, a letter or digit, four digits) of the vehicle number that the
 * SQL expression `vehicle` gives; `salt` makes the trailers' plates another series.
 */
const plateOf = (vehicle: string, salt: number) =>
  sql.raw(
    `(1 + (${vehicle} * ${salt}) % 9)::text` +
      ` || substr('${PLATE_LETTERS}', 1 + ((${vehicle} * ${salt + 7}) % ${PLATE_LETTERS.length})::int, 1)` +
      ` || substr('${PLATE_LETTERS}0123456789', 1 + ((${vehicle} * ${salt + 13}) % ${PLATE_LETTERS.length + 10})::int, 1)` +
      ` || lpad(((${vehicle} * ${salt + 31}) % 10000)::text, 4, '0')`,
  );

export interface BenchVehicles {
  /** The token (X-Client-Token) of the bench site's ANPR camera. */
  anprToken: string;
  /** A plate of one of today's vehicle advices, which the ANPR scenario reads. */
  advicePlate: string;
  /** Part of a seeded plate, which the plate-filter scenario searches for. */
  platePart: string;
  gateId: number;
}

/**
 * Vehicles on the bench site: the code lists, `count` vehicle movements in bulk SQL (`generate_series`),
 * today's vehicle advices and an ANPR camera (a machine terminal with the ANPR role). Entries come every two
 * minutes back in time from a fleet of vehicles, about half with a trailer; each leaves 15 to 195 minutes
 * later (its OUT row naming the entry), except the newest `VEHICLES_IN_AREA`, which are still inside, and
 * `TRAILERS_LEFT` just older ones whose tractor left without its trailer. Entries and departures make
 * `count` rows. The indexes are dropped for the load and built again afterwards.
 */
export async function seedVehicles(
  db: Db,
  site: BenchSite,
  count: number,
  log: (line: string) => void,
): Promise<BenchVehicles> {
  const siteId = site.siteId;
  const idsOf = (rows: Array<{ id: number }>) => sql.raw(`array[${rows.map((row) => row.id).join(',')}]`);
  const forwarders = await db
    .insert(vehicleForwarders)
    .values(VEHICLE_FORWARDERS.map((name) => ({ siteId, name })))
    .returning({ id: vehicleForwarders.id });
  const purposes = await db
    .insert(vehiclePurposes)
    .values(VEHICLE_PURPOSES.map((purpose) => ({ siteId, ...purpose })))
    .returning({ id: vehiclePurposes.id });
  const materials = await db
    .insert(vehicleMaterials)
    .values(VEHICLE_MATERIALS.map((name) => ({ siteId, name })))
    .returning({ id: vehicleMaterials.id });
  const types = await db
    .insert(vehicleTypes)
    .values(VEHICLE_TYPES.map((type) => ({ siteId, ...type })))
    .returning({ id: vehicleTypes.id });
  const [category] = await db
    .insert(vehicleAdviceCategories)
    .values({ siteId, name: 'Pravidelný závoz' })
    .returning({ id: vehicleAdviceCategories.id });
  const [license] = await db
    .insert(identityDocuments)
    .values({ siteId, name: 'Řidičský průkaz' })
    .returning({ id: identityDocuments.id });

  const rebuildIndexes = await dropIndexes(db, 'vehicle_movement');
  // Entries (IN rows) and the departures of those that left make `count` rows.
  const entries = Math.ceil((count + VEHICLES_IN_AREA) / 2);
  const vehicle = `((g::bigint * 2654435761) % ${FLEET})`;
  // About half of the vehicles (by their number, so a vehicle always comes with or without one) pull a trailer.
  const withTrailer = `(${vehicle} % 2 = 0)`;
  const departed = `g > ${VEHICLES_IN_AREA}`;
  const trailerLeft = `(g > ${VEHICLES_IN_AREA} and g <= ${VEHICLES_IN_AREA + TRAILERS_LEFT})`;
  const entryTime = `now() - g * interval '2 minutes'`;
  const departureTime = `${entryTime} + (15 + g % 180) * interval '1 minute'`;
  const gateIds = sql.raw(`array[${site.gateIds.join(',')}]`);
  const batch = 100_000;
  for (let from = 1; from <= entries; from += batch) {
    const to = Math.min(entries, from + batch - 1);
    await db.execute(sql`
      insert into vehicle_movement (site_id, movement_time, direction, in_area, departed, departure_time,
        forwarder_id, plate, card, driver_first_name, driver_last_name, driver_contact, document_type_id,
        document_number, trailer_plate, trailer_in_area, trailer_departure_time, purpose_id, tracking_number,
        status, trailer_status, gate_id, trailer_seal, material_id, type_id)
      select ${siteId}::int,
        ${sql.raw(entryTime)},
        'IN',
        not (${sql.raw(departed)}),
        ${sql.raw(departed)},
        case when ${sql.raw(departed)} then ${sql.raw(departureTime)} end,
        (${idsOf(forwarders)})[1 + (${sql.raw(vehicle)} % ${forwarders.length})],
        ${plateOf(vehicle, 40503)},
        case when not (${sql.raw(departed)}) then 'K' || (1000 + g % 500) end,
        ${pick(FIRST_NAMES, 1103515245)},
        ${pick(LAST_NAMES, 22695477)},
        '+420 6' || lpad(((g::bigint * 69069) % 100000000)::text, 8, '0'),
        ${license.id}::int,
        'EH' || lpad(((g::bigint * 2654435761) % 1000000)::text, 6, '0'),
        case when ${sql.raw(withTrailer)} then ${plateOf(vehicle, 7919)} end,
        ${sql.raw(withTrailer)} and (not (${sql.raw(departed)}) or ${sql.raw(trailerLeft)}),
        case when ${sql.raw(withTrailer)} and ${sql.raw(departed)} and not ${sql.raw(trailerLeft)}
          then ${sql.raw(departureTime)} end,
        case when ${sql.raw(withTrailer)} then (${idsOf(purposes)})[1 + g % 2]
          else (${idsOf(purposes)})[3 + g % ${purposes.length - 2}] end,
        case when g % 3 = 0 then 'TRK' || lpad(g::text, 9, '0') end,
        case when g % 2 = 0 then 'LOADED' else 'EMPTY' end,
        case when ${sql.raw(withTrailer)} then case when g % 4 < 2 then 'LOADED' else 'EMPTY' end end,
        (${gateIds})[1 + ((g::bigint * 104729) % ${site.gateIds.length})],
        case when ${sql.raw(withTrailer)} then 'PL-' || lpad((g % 1000000)::text, 6, '0') end,
        (${idsOf(materials)})[1 + ((g::bigint * 7919) % ${materials.length})],
        case when ${sql.raw(withTrailer)} then (${idsOf(types)})[1 + g % 2]
          else (${idsOf(types)})[3 + g % ${types.length - 2}] end
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  vehicle entries ${to.toLocaleString('en')} / ${entries.toLocaleString('en')}`);
  }
  // A departure row for each entry that left, copying it as a leave does (the trailer only if it went too).
  await db.execute(sql`
    insert into vehicle_movement (site_id, movement_time, direction, in_area, departed, entry_id, forwarder_id,
      plate, driver_first_name, driver_last_name, driver_contact, document_type_id, document_number,
      trailer_plate, trailer_in_area, purpose_id, tracking_number, status, trailer_status, gate_id, trailer_seal,
      material_id, type_id)
    select site_id, departure_time, 'OUT', false, true, id, forwarder_id, plate, driver_first_name,
      driver_last_name, driver_contact, document_type_id, document_number,
      case when trailer_in_area then null else trailer_plate end, false, purpose_id, tracking_number, status,
      trailer_status, gate_id, trailer_seal, material_id, type_id
    from vehicle_movement
    where site_id = ${siteId} and direction = 'IN' and departed
    order by id
    limit ${Math.max(0, count - entries)}`);
  log('  building vehicle indexes');
  await rebuildIndexes();
  await db.execute(sql`vacuum analyze vehicle_movement`);

  // Today's advices: a day's announced trucks, some of them among the fleet.
  const today = await siteToday(db, siteId, new Date());
  const advices = rowsOf(
    await db.execute(sql`
      insert into vehicle_advice (site_id, date, time, category_id, forwarder, supplier, direction, gate_id,
        vehicle_plate, trailer_plate, driver_first_name, driver_last_name)
      select ${siteId}::int, ${today}::date, lpad((6 + g % 12)::text, 2, '0') || ':' || lpad((g * 7 % 60)::text, 2, '0'),
        ${category.id}::int, (${array(VEHICLE_FORWARDERS)})[1 + g % ${VEHICLE_FORWARDERS.length}],
        'Dodavatel ' || g || ' s.r.o.', 'IN', (${gateIds})[1], ${plateOf(`(g::bigint * 997)`, 40503)},
        case when g % 2 = 0 then ${plateOf(`(g::bigint * 997)`, 7919)} end,
        ${pick(FIRST_NAMES, 1103515245)}, ${pick(LAST_NAMES, 22695477)}
      from generate_series(1, 12) g
      returning vehicle_plate`),
  );

  // The bench site's camera: a machine terminal with the ANPR role (docs/terminals.md), its token as the
  // authorize route hands it out (only its hash is stored).
  const anprToken = newToken();
  await db.insert(clients).values({
    name: 'Bench – kamera Hlavní vrátnice',
    tokenHash: hashToken(anprToken),
    authorized: true,
    valid: true,
    internalRole: 'ANPR',
    siteId,
  });
  const [sample] = rowsOf(
    await db.execute(
      sql`select plate from vehicle_movement where site_id = ${siteId} and direction = 'IN' order by id limit 1 offset 1000`,
    ),
  );
  return {
    anprToken,
    advicePlate: String(advices[advices.length - 1].vehicle_plate),
    // Letters and digits from the middle of a plate, as a guard types a part of it.
    platePart: String(sample.plate).slice(1, 5),
    gateId: site.gateIds[0],
  };
}

export interface BenchStock {
  /** An item with its share of the movements: the item-movements scenario lists them. */
  itemId: number;
  /** The item the movement scenario records on, from every connection at once (one hot row). */
  hotItemId: number;
  warehouseId: number;
}

/**
 * Stock on the bench site: categories, a unit, two warehouses, `items` items and `movements` movements in
 * bulk SQL (`generate_series`), the movement `g` of item `g mod items` in warehouse `(g div items) mod 2`,
 * newest last; per item and warehouse a receipt of 2 units three times out of four and an issue of 1 (so no
 * stock ever goes negative). The levels and the items' totals are the sums of the movements, one item in
 * twenty below its minimum. The indexes are dropped for the load and built again afterwards.
 */
export async function seedStock(
  db: Db,
  site: BenchSite,
  items: number,
  movements: number,
  log: (line: string) => void,
): Promise<BenchStock> {
  const siteId = site.siteId;
  const categories = await db
    .insert(stockCategories)
    .values(
      ['Spotřební materiál', 'Nářadí', 'Radiostanice'].map((name, index) => ({
        siteId,
        name,
        maxLendingHours: index === 0 ? null : 8 * index,
      })),
    )
    .returning({ id: stockCategories.id });
  const [unit] = await db
    .insert(stockUnits)
    .values({ siteId, name: 'Kusy', abbreviation: 'ks' })
    .returning({ id: stockUnits.id });
  const warehouses = await db
    .insert(stockWarehouses)
    .values([
      { siteId, name: 'Hlavní sklad' },
      { siteId, name: 'Sklad vrátnice' },
    ])
    .returning({ id: stockWarehouses.id });
  const categoryIds = sql.raw(`array[${categories.map((row) => row.id).join(',')}]`);
  const warehouseIds = sql.raw(`array[${warehouses.map((row) => row.id).join(',')}]`);

  const rebuildItems = await dropIndexes(db, 'stock_item');
  await db.execute(sql`
    insert into stock_item (site_id, code, name, category_id, unit_id, type, minimum, price)
    select ${siteId}::int, 'IT-' || lpad(g::text, 7, '0'), 'Skladová položka ' || g,
      (${categoryIds})[1 + g % 3], ${unit.id}::int, 'BATCH',
      case when g % 20 = 0 then 1000 else 5 end, (1 + g % 1000) / 10.0
    from generate_series(1, ${items}::int) g`);
  log(`  stock items ${items.toLocaleString('en')}`);
  const [first] = rowsOf(
    await db.execute(sql`select min(id) as id from stock_item where site_id = ${siteId}`),
  );
  const firstId = Number(first.id);

  const rebuildMovements = await dropIndexes(db, 'stock_movement');
  const batch = 200_000;
  for (let from = 0; from < movements; from += batch) {
    const to = Math.min(movements, from + batch) - 1;
    await db.execute(sql`
      insert into stock_movement (site_id, movement_time, item_id, warehouse_id, units, type, note)
      select ${siteId}::int, now() - (${movements}::int - g) * interval '20 seconds',
        ${firstId}::int + g % ${items}::int, (${warehouseIds})[1 + (g / ${items}::int) % 2],
        case when (g / ${items}::int / 2) % 4 = 3 then -1 else 2 end, 'STOCK_OPERATION',
        case when g % 7 = 0 then 'Příjem dle dodacího listu' end
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  stock movements ${(to + 1).toLocaleString('en')} / ${movements.toLocaleString('en')}`);
  }
  await db.execute(sql`
    insert into stock_level (site_id, item_id, warehouse_id, current)
    select ${siteId}::int, item_id, warehouse_id, sum(units) from stock_movement
    where site_id = ${siteId} group by item_id, warehouse_id`);
  await db.execute(sql`
    update stock_item i set current = s.total
    from (select item_id, sum(units) as total from stock_movement where site_id = ${siteId} group by item_id) s
    where i.id = s.item_id`);
  await db.execute(sql`
    update stock_item set below_minimum = minimum is not null and current < minimum where site_id = ${siteId}`);
  log('  building stock indexes');
  await rebuildItems();
  await rebuildMovements();
  await db.execute(sql`vacuum analyze stock_item`);
  await db.execute(sql`vacuum analyze stock_movement`);
  await db.execute(sql`vacuum analyze stock_level`);
  return { itemId: firstId + 7, hotItemId: firstId + 11, warehouseId: warehouses[0].id };
}

/** How many of the newest transports are still open (not left): the board's; the others have left. */
export const LOGISTICS_OPEN = 300;
/**
 * The hot transport of the transition scenario has its version raised by this much, so that the replay finds
 * the version among a statement's values unmistakably (no id or count of the bench comes near it).
 */
const HOT_VERSION_BASE = 10_000_000;
const LOGISTICS_SPEDITIONS = [
  'Raben Logistics',
  'Gebrüder Weiss',
  'DSV Road',
  'Schenker',
  'Toptrans',
  'Geis CZ',
];

export interface BenchLogistics {
  /** A transport that left, with its share of the log: the single-transport and log scenarios read it. */
  transportId: number;
  /** An open transport (in the area) every dispatcher of the transition scenario acts on at once. */
  hotTransportId: number;
  /** The operation a dispatcher executes in each status (by status id): the one the workflow offers there. */
  operationOf: Record<number, number>;
}

/**
 * Logistics on the bench site: statuses (announced, in the area, at the ramp, left — archive), ramps, types,
 * suppliers, logistics operations, the workflow (entry, to the ramp, off the ramp, departure, for
 * LOGISTICS_OPERATOR and LOGISTICS_ADMIN), `count` transports and `logRows` log entries in bulk SQL
 * (`generate_series`). Transports arrive every 3 minutes back in time; the log entries are spread evenly over
 * them (the newest get the remainder), each transport's entries a path of the workflow: entry, a correction of
 * it when their number is even, to and off the ramp in turn, and departure for those older than the newest
 * `LOGISTICS_OPEN`, which stay in the area. A transport's status, operation, entry and leave are those of its
 * last entry, its version its number of entries. The indexes are dropped for the load and built again afterwards.
 */
export async function seedLogistics(
  db: Db,
  site: BenchSite,
  count: number,
  logRows: number,
  log: (line: string) => void,
): Promise<BenchLogistics> {
  const siteId = site.siteId;
  const statusRows = await db
    .insert(logisticsStatuses)
    .values([
      { siteId, name: 'Ohlášeno', position: 0, color: '#8c8c8c' },
      { siteId, name: 'V areálu', position: 1, color: '#1677ff' },
      { siteId, name: 'Na rampě', position: 2, color: '#fa8c16' },
      { siteId, name: 'Odjel', position: 3, archive: true, color: '#52c41a' },
    ])
    .returning({ id: logisticsStatuses.id });
  const [announced, inArea, atRamp, left] = statusRows.map((row) => row.id);
  const ramps = await db
    .insert(logisticsRamps)
    .values(Array.from({ length: 12 }, (_, index) => ({ siteId, name: `Rampa ${index + 1}` })))
    .returning({ id: logisticsRamps.id });
  const types = await db
    .insert(logisticsTypes)
    .values(['Kamion', 'Nákladní', 'Dodávka', 'Kontejner'].map((name) => ({ siteId, name })))
    .returning({ id: logisticsTypes.id });
  const suppliers = await db
    .insert(logisticsSuppliers)
    .values(Array.from({ length: 50 }, (_, index) => ({ siteId, name: `Dodavatel ${index + 1} s.r.o.` })))
    .returning({ id: logisticsSuppliers.id });
  const operations = await db
    .insert(logisticsOperations)
    .values(['Vykládka', 'Nakládka', 'Vratné obaly', 'Kontrola kvality'].map((name) => ({ siteId, name })))
    .returning({ id: logisticsOperations.id });
  const [documentType] = await db
    .insert(identityDocuments)
    .values({ siteId, name: 'Řidičský průkaz (logistika)' })
    .returning({ id: identityDocuments.id });
  const workflow = await db
    .insert(workflowOperations)
    .values([
      { siteId, name: 'Vjezd', startStatusId: announced, endStatusId: inArea },
      { siteId, name: 'Přistavit k rampě', startStatusId: inArea, endStatusId: atRamp },
      { siteId, name: 'Odstavit z rampy', startStatusId: atRamp, endStatusId: inArea, withoutEditor: true },
      { siteId, name: 'Odjezd', startStatusId: atRamp, endStatusId: left },
    ])
    .returning({ id: workflowOperations.id });
  const [entryOp, toRamp, offRamp, departure] = workflow.map((row) => row.id);
  await db.insert(workflowOperationRoles).values(
    workflow.flatMap((row) =>
      (['LOGISTICS_OPERATOR', 'LOGISTICS_ADMIN'] as const).map((role) => ({
        siteId,
        operationId: row.id,
        role,
      })),
    ),
  );
  await db.insert(workflowCompulsoryAttributes).values({ siteId, operationId: toRamp, attribute: 'ramp' });
  await db.insert(workflowAutomaticAttributes).values([
    { siteId, operationId: entryOp, attribute: 'entry' },
    { siteId, operationId: departure, attribute: 'leave' },
  ]);
  const [user] = rowsOf(await db.execute(sql`select id from access_user where user_name = ${BENCH_USER}`));

  const idsOf = (rows: Array<{ id: number }>) => sql.raw(`array[${rows.map((row) => row.id).join(',')}]`);
  // Entries of the transport of series number g (1 the newest): the log spread evenly, the newest get the rest.
  const base = Math.floor(logRows / Math.max(1, count));
  const rest = count > 0 ? logRows % count : 0;
  const entries = (g: string) => `(${base} + case when ${g} - 1 < ${rest} then 1 else 0 end)`;
  const open = (g: string) => `(${g} <= ${LOGISTICS_OPEN})`;
  const hasLeft = (g: string) => `(not ${open(g)} and ${entries(g)} >= 3)`;
  const arrive = (g: string) => `now() - ${g} * interval '3 minutes'`;
  const entryAt = (g: string, s: string) => `${arrive(g)} + (10 + ${s} * 15) * interval '1 minute'`;

  const rebuildTransports = await dropIndexes(db, 'logistics_transport');
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    const c = entries('g');
    await db.execute(sql`
      insert into logistics_transport (site_id, version, datetime_arrive, entry, leave, licence_plate, spedition,
        supplier_id, type_id, driver_first_name, driver_last_name, phone, document_type_id, document_number,
        card_number, ramp_id, operation_id, status_id, note)
      select ${siteId}::int, ${sql.raw(c)},
        ${sql.raw(arrive('g'))},
        case when ${sql.raw(c)} >= 1 then ${sql.raw(entryAt('g', '0'))} end,
        case when ${sql.raw(hasLeft('g'))} then ${sql.raw(entryAt('g', `(${c} - 1)`))} end,
        ${plateOf('(g::bigint * 7)', 40503)},
        (${array(LOGISTICS_SPEDITIONS)})[1 + g % ${LOGISTICS_SPEDITIONS.length}],
        (${idsOf(suppliers)})[1 + ((g::bigint * 2654435761) % ${suppliers.length})],
        (${idsOf(types)})[1 + g % ${types.length}],
        ${pick(FIRST_NAMES, 1103515245)},
        ${pick(LAST_NAMES, 22695477)},
        '+420 7' || lpad(((g::bigint * 69069) % 100000000)::text, 8, '0'),
        ${documentType.id}::int,
        'RP' || lpad(((g::bigint * 2654435761) % 1000000)::text, 6, '0'),
        case when ${sql.raw(c)} >= 1 and not ${sql.raw(hasLeft('g'))} then 'K' || (1000 + g % 500) end,
        (${idsOf(ramps)})[1 + ((g::bigint * 104729) % ${ramps.length})],
        case when ${sql.raw(hasLeft('g'))} then ${departure}::int when ${sql.raw(c)} >= 3 then ${offRamp}::int
          when ${sql.raw(c)} >= 1 then ${entryOp}::int end,
        case when ${sql.raw(hasLeft('g'))} then ${left}::int when ${sql.raw(c)} >= 1 then ${inArea}::int
          else ${announced}::int end,
        case when g % 11 = 0 then 'Avizováno e-mailem' end
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  transports ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  const [first] = rowsOf(
    await db.execute(sql`select min(id) as id from logistics_transport where site_id = ${siteId}`),
  );
  // Series number g is the transport firstId + g - 1 (one insert after another, in order).
  const firstId = Number(first.id ?? 0);
  await db.execute(sql`
    insert into logistics_transport_logistics_op (site_id, transport_id, logistics_operation_id)
    select ${siteId}::int, id, (${idsOf(operations)})[1 + id % ${operations.length}]
    from logistics_transport where site_id = ${siteId}`);

  const rebuildLog = await dropIndexes(db, 'logistics_transport_log');
  // The log by transports, a batch of transports at a time: entry s of transport g.
  const perBatch = Math.max(1, Math.floor(500_000 / Math.max(1, base + 1)));
  const c = entries('g');
  const shift = `(1 - ${c} % 2)`;
  const step = `(s - ${shift})`;
  const isDeparture = `(s = ${c} - 1 and ${hasLeft('g')})`;
  const isCorrection = `(s = 1 and ${c} % 2 = 0)`;
  const operationSql = sql.raw(
    `case when s = 0 then ${entryOp} when ${isDeparture} then ${departure} when ${isCorrection} then ${entryOp}` +
      ` when ${step} % 2 = 1 then ${toRamp} else ${offRamp} end`,
  );
  const startSql = sql.raw(
    `case when s = 0 then ${announced} when ${isDeparture} then ${atRamp} when ${isCorrection} then ${inArea}` +
      ` when ${step} % 2 = 1 then ${inArea} else ${atRamp} end`,
  );
  const endSql = sql.raw(
    `case when s = 0 then ${inArea} when ${isDeparture} then ${left} when ${isCorrection} then ${inArea}` +
      ` when ${step} % 2 = 1 then ${atRamp} else ${inArea} end`,
  );
  for (let from = 1; logRows > 0 && from <= count; from += perBatch) {
    const to = Math.min(count, from + perBatch - 1);
    await db.execute(sql`
      insert into logistics_transport_log (site_id, transport_id, time, user_id, operation_id, start_status_id,
        end_status_id, edit, note, changes)
      select ${siteId}::int, ${firstId}::int + g - 1, ${sql.raw(entryAt('g', 's'))}, ${Number(user.id)}::int,
        ${operationSql}, ${startSql}, ${endSql},
        ${sql.raw(isCorrection)},
        case when ${sql.raw(isCorrection)} then 'Oprava času vjezdu' end,
        case when s = 0 then jsonb_build_object('entry', ${sql.raw(entryAt('g', '0'))})
          when ${sql.raw(isDeparture)} then jsonb_build_object('leave', ${sql.raw(entryAt('g', 's'))})
          else '{}'::jsonb end
      from generate_series(${from}::int, ${to}::int) g,
        lateral generate_series(0, ${sql.raw(c)} - 1) s`);
    log(`  transport log: transports ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  log('  building logistics indexes');
  await rebuildTransports();
  await rebuildLog();
  const hotTransportId = firstId + Math.min(100, count) - 1;
  await db.execute(
    sql`update logistics_transport set version = version + ${HOT_VERSION_BASE} where id = ${hotTransportId}`,
  );
  await db.execute(sql`vacuum analyze logistics_transport`);
  await db.execute(sql`vacuum analyze logistics_transport_log`);
  await db.execute(sql`vacuum analyze logistics_transport_logistics_op`);
  return {
    transportId: firstId + Math.min(count, LOGISTICS_OPEN + 700) - 1,
    hotTransportId,
    operationOf: { [announced]: entryOp, [inArea]: toRamp, [atRamp]: offRamp },
  };
}
