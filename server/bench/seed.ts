import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { MODULES } from '@strazce/contract';
import { userRoles, userSites, users } from '../src/modules/access/access.tables';
import { districts, gates, identityDocuments } from '../src/modules/site/site.tables';
import { persons, siteModules, sites } from '../src/modules/system/system.tables';
import { visitCards, visitPurposes } from '../src/modules/visit/visit.tables';
import { hashPassword } from '../src/platform/secrets';

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

/** One site with every module, realistic gates, purposes, cards and document types, and a receptionist. */
export async function seedSite(db: Db): Promise<BenchSite> {
  const [site] = await db.insert(sites).values({ name: 'Bench – centrála' }).returning({ id: sites.id });
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
  const [person] = await db
    .insert(persons)
    .values({ firstName: 'Bench', lastName: 'Recepce', email: 'bench@example.com' })
    .returning({ id: persons.id });
  const [user] = await db
    .insert(users)
    .values({ userName: BENCH_USER, passwordHash: await hashPassword(BENCH_PASSWORD), personId: person.id })
    .returning({ id: users.id });
  await db.insert(userRoles).values(
    // ADMINISTRATOR for the audit log scenarios.
    ['VISIT_ADMIN', 'VISIT_USER', 'VIEW_PERSONAL_INFO', 'ALL_CLIENTS', 'ADMINISTRATOR'].map((role) => ({
      userId: user.id,
      role,
    })),
  );
  await db.insert(userSites).values({ userId: user.id, siteId: site.id });
  for (const mixUser of Object.values(MIX_USERS)) {
    const [row] = await db
      .insert(users)
      .values({ userName: mixUser.userName, passwordHash: await hashPassword(BENCH_PASSWORD) })
      .returning({ id: users.id });
    await db.insert(userRoles).values(mixUser.roles.map((role) => ({ userId: row.id, role })));
    await db.insert(userSites).values({ userId: row.id, siteId: site.id });
  }
  await db.execute(sql`
    insert into system_person (first_name, last_name, email, corporate_id, home_site_id)
    select ${pick(FIRST_NAMES, 2654435761)}, ${pick(LAST_NAMES, 40503)}, 'osoba' || g || '@example.com',
      'C' || lpad(g::text, 6, '0'), ${site.id}::int
    from generate_series(1, ${PERSONS}::int) g`);
  return {
    siteId: site.id,
    gateIds: gateRows.map((row) => row.id),
    purposeIds: purposeRows.map((row) => row.id),
  };
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Drops a table's indexes for a bulk load (faster); the returned function builds them again. */
async function dropIndexes(db: Db, table: string): Promise<() => Promise<void>> {
  const indexes = rowsOf(
    await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = ${table} and indexname not like '%pkey'`,
    ),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${String(index.indexname)}`));
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(String(index.indexdef)));
  };
}

/**
 * `count` visits in bulk SQL (`generate_series`), newest first every 90 seconds back in time: entries and
 * departures alternate, the newest entries are in the area, a third bring a vehicle, a tenth companions and
 * a twentieth equipment. The visit indexes are dropped for the load and built again afterwards (faster).
 */
export async function seedVisits(
  db: Db,
  site: BenchSite,
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const rebuildIndexes = await dropIndexes(db, 'visit');

  const purposes = sql.raw(`array[${site.purposeIds.join(',')}]`);
  const gateIds = sql.raw(`array[${site.gateIds.join(',')}]`);
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into visit (site_id, movement_time, direction, in_area, departed, departure_time, tag, purpose_id,
        gate_id, first_name, last_name, company, document_number, visited_first_name, visited_last_name,
        vehicle_plate, parking_place)
      select ${site.siteId},
        now() - g * interval '90 seconds',
        case when g % 2 = 1 then 'IN' else 'OUT' end,
        g % 2 = 1 and g <= ${IN_AREA * 2},
        g % 2 = 1 and g > ${IN_AREA * 2},
        case when g % 2 = 1 and g > ${IN_AREA * 2} then now() - (g - 1) * interval '90 seconds' end,
        case when g % 2 = 1 and g <= ${IN_AREA * 2} then 'K' || (1000 + (g / 2) % 500) end,
        (${purposes})[1 + ((g::bigint * 7919) % ${site.purposeIds.length})],
        (${gateIds})[1 + ((g::bigint * 104729) % ${site.gateIds.length})],
        ${pick(FIRST_NAMES, 2654435761)},
        ${pick(LAST_NAMES, 40503)},
        ${pick(COMPANIES, 69069)},
        lpad(((g::bigint * 2654435761) % 1000000000)::text, 9, '0'),
        ${pick(FIRST_NAMES, 1103515245)},
        ${pick(LAST_NAMES, 22695477)},
        case when g % 3 = 0 then (1 + g % 9) || chr(65 + (g % 26)::int) || (g % 10) || ' ' || lpad((g % 10000)::text, 4, '0') end,
        case when g % 3 = 0 then 'P' || (g % 120) end
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  visits ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  await db.execute(sql`
    insert into visit_accompaniment (site_id, visit_id, name, document)
    select site_id, id, 'Doprovod ' || (id % 1000), 'OP' || id from visit where site_id = ${site.siteId} and id % 10 = 0`);
  await db.execute(sql`
    insert into visit_equipment (site_id, visit_id, object, serial_number)
    select site_id, id, 'Notebook', 'SN' || id from visit where site_id = ${site.siteId} and id % 20 = 0`);
  log('  building indexes');
  await rebuildIndexes();
  await db.execute(sql`vacuum analyze`);
}

/** An author of the seeded audit trail whose entries the author-filter scenario lists (a few percent). */
export const BENCH_AUDIT_AUTHOR = 'recepce.novak';
const AUDIT_AUTHORS = [BENCH_AUDIT_AUTHOR, 'admin', 'vratny.svoboda', 'recepce.dvorakova', 'dispecer.kral'];

/**
 * `count` audit entries in bulk SQL, newest first every 30 seconds back: writes on the site and logins
 * without one, from a few dozen authors (the first of them makes a few percent). The indexes are dropped for
 * the load and built again afterwards; the entries are not chained (the bench reads, it does not verify).
 */
export async function seedAudits(
  db: Db,
  site: BenchSite,
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const rebuildIndexes = await dropIndexes(db, 'system_audit');
  const authors = sql.raw(
    `array[${[...AUDIT_AUTHORS, ...Array.from({ length: 40 }, (_, i) => `uzivatel.${i}`)]
      .map((name) => `'${name}'`)
      .join(',')}]`,
  );
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into system_audit (created, event, site_id, author, method, path, entity, record_id, status,
        address, params, request_headers, request_body, changes)
      select now() - g * interval '30 seconds',
        case when g % 10 = 0 then 'LOGIN' else 'WRITE' end,
        case when g % 10 = 0 then null else ${site.siteId}::int end,
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
