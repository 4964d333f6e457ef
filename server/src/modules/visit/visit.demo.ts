import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { siteToday } from '../../platform/siteTime';
import { users } from '../../platform/platform.tables';
import { recordGateMovement } from '../site/movement';
import { districts, gates, identityDocuments } from '../site/site.tables';
import {
  adviceCategories,
  adviceEquipment,
  advices,
  visitCards,
  visitCompanions,
  visitEquipment,
  visitPurposes,
  visitedPersons,
  visits,
} from './visit.tables';

interface DemoSite {
  id: number;
  /** Districts with their gates (name, colour). */
  districts: Array<{ name: string; gates: Array<[name: string, color: string]> }>;
}

const PURPOSES = [
  { name: 'Obchodní jednání', notificationEmails: 'recepce@example.com' },
  { name: 'Servis a údržba' },
  { name: 'Dodávka zboží' },
  { name: 'Exkurze' },
  { name: 'Pracovní pohovor', anonymize: true },
];

const VISITED = [
  { firstName: 'Kateřina', lastName: 'Dvořáková', company: 'Nákup', email: 'katerina.dvorakova@example.com' },
  { firstName: 'Petr', lastName: 'Svoboda', company: 'IT oddělení', email: 'petr.svoboda@example.com' },
  { firstName: 'Lucie', lastName: 'Černá', company: 'Personální oddělení', email: 'lucie.cerna@example.com' },
  { firstName: 'Tomáš', lastName: 'Procházka', company: 'Vedení společnosti', phone: '+420 601 234 567' },
];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Demo data of the visits and visit advices modules (embedded database only): districts and gates, identity
 * documents, purposes, visited persons, cards and advice categories, a few visits of today (some still in the
 * area) and advices on both sites, so the pages show a working reception.
 */
export async function seedVisitDemo(tx: Db, siteIds: number[]): Promise<void> {
  const layouts = (
    [
      {
        id: siteIds[0],
        districts: [
          {
            name: 'Hlavní areál',
            gates: [
              ['Hlavní vrátnice', '#1677ff'],
              ['Zásobovací brána', '#fa8c16'],
            ],
          },
          { name: 'Administrativní budova', gates: [['Recepce budovy A', '#52c41a']] },
        ],
      },
      {
        id: siteIds[1],
        districts: [
          {
            name: 'Logistické centrum',
            gates: [
              ['Vrátnice – pěší vstup', '#1677ff'],
              ['Brána 1 – kamiony', '#fa8c16'],
            ],
          },
        ],
      },
    ] satisfies DemoSite[] as DemoSite[]
  ).filter((layout) => layout.id !== undefined);

  for (const layout of layouts) {
    const siteId = layout.id;
    const gateIds: number[] = [];
    for (const district of layout.districts) {
      const [row] = await tx
        .insert(districts)
        .values({ siteId, name: district.name })
        .returning({ id: districts.id });
      const created = await tx
        .insert(gates)
        .values(district.gates.map(([name, color]) => ({ siteId, name, color, districtId: row.id })))
        .returning({ id: gates.id });
      gateIds.push(...created.map((gate) => gate.id));
    }
    const documents = await tx
      .insert(identityDocuments)
      .values(
        ['Občanský průkaz', 'Cestovní pas', 'Povolení k pobytu', 'Řidičský průkaz'].map((name) => ({
          siteId,
          name,
        })),
      )
      .returning({ id: identityDocuments.id });
    const purposes = await tx
      .insert(visitPurposes)
      .values(PURPOSES.map((purpose) => ({ siteId, ...purpose })))
      .returning({ id: visitPurposes.id });
    const visited = await tx
      .insert(visitedPersons)
      .values(VISITED.map((person) => ({ siteId, ...person })))
      .returning({ id: visitedPersons.id });
    await tx.insert(visitCards).values(
      Array.from({ length: 12 }, (_, index) => ({
        siteId,
        code: `H-${String(index + 1).padStart(3, '0')}`,
        name: `Host ${index + 1}`,
      })),
    );
    const categories = await tx
      .insert(adviceCategories)
      .values([
        { siteId, name: 'Obchodní návštěva', description: 'Zákazníci, dodavatelé a partneři' },
        { siteId, name: 'Servisní zásah', description: 'Technici a údržba budov' },
        { siteId, name: 'Pohovor', description: 'Uchazeči o zaměstnání' },
      ])
      .returning({ id: adviceCategories.id });
    await seedVisits(tx, siteId, {
      gates: gateIds,
      idCard: documents[0].id,
      passport: documents[1].id,
      purposes: purposes.map((purpose) => purpose.id),
      visited: visited.map((person) => person.id),
    });
    await seedAdvices(
      tx,
      siteId,
      categories.map((category) => category.id),
      documents[0].id,
    );
  }
}

interface VisitRefs {
  gates: number[];
  idCard: number;
  passport: number;
  purposes: number[];
  visited: number[];
}

async function seedVisits(tx: Db, siteId: number, refs: VisitRefs): Promise<void> {
  const [main, supply] = refs.gates;
  const visitedNames = [
    ['Kateřina', 'Dvořáková', 'Nákup'],
    ['Petr', 'Svoboda', 'IT oddělení'],
    ['Lucie', 'Černá', 'Personální oddělení'],
    ['Tomáš', 'Procházka', 'Vedení společnosti'],
  ];
  const entries = [
    {
      first: 'Jan',
      last: 'Novák',
      company: 'Alza.cz a.s.',
      doc: '203451987',
      purpose: 0,
      visited: 0,
      gate: main,
      tag: 'H-001',
      minutes: 25,
      plate: '1AB 2345',
    },
    {
      first: 'Eva',
      last: 'Horáková',
      company: 'Siemens s.r.o.',
      doc: '114572301',
      purpose: 1,
      visited: 1,
      gate: main,
      tag: 'H-002',
      minutes: 70,
      plate: null,
    },
    {
      first: 'Martin',
      last: 'Kučera',
      company: 'DHL Express',
      doc: '998214763',
      purpose: 2,
      visited: 0,
      gate: supply,
      tag: null,
      minutes: 95,
      plate: '5T7 8899',
    },
    {
      first: 'Klára',
      last: 'Veselá',
      company: 'ČVUT v Praze',
      doc: '301857462',
      purpose: 3,
      visited: 3,
      gate: main,
      tag: 'H-003',
      minutes: 140,
      plate: null,
    },
    {
      first: 'Ondřej',
      last: 'Marek',
      company: 'Schindler CZ',
      doc: '552019384',
      purpose: 1,
      visited: 1,
      gate: supply,
      tag: null,
      minutes: 260,
      plate: '2SC 4410',
      leftAfter: 95,
    },
    {
      first: 'Hana',
      last: 'Pokorná',
      company: 'Deloitte',
      doc: '761203958',
      purpose: 0,
      visited: 3,
      gate: main,
      tag: null,
      minutes: 330,
      plate: null,
      leftAfter: 120,
    },
  ];
  for (const entry of entries) {
    const [visitedFirst, visitedLast, visitedCompany] = visitedNames[entry.visited];
    const time = minutesAgo(entry.minutes);
    const departure = entry.leftAfter ? minutesAgo(entry.minutes - entry.leftAfter) : null;
    const common = {
      siteId,
      tag: entry.tag,
      purposeId: refs.purposes[entry.purpose],
      firstName: entry.first,
      lastName: entry.last,
      company: entry.company,
      documentTypeId: entry.purpose === 3 ? refs.passport : refs.idCard,
      documentNumber: entry.doc,
      visitedId: refs.visited[entry.visited],
      visitedFirstName: visitedFirst,
      visitedLastName: visitedLast,
      visitedCompany,
      vehiclePlate: entry.plate,
      blacklistGovernmentPerson: 'OK' as const,
      blacklistInternalPerson: 'OK' as const,
      blacklistGovernmentVehicle: entry.plate ? ('OK' as const) : null,
      blacklistInternalVehicle: entry.plate ? ('OK' as const) : null,
    };
    const [created] = await tx
      .insert(visits)
      .values({
        ...common,
        gateId: entry.gate,
        movementTime: time,
        direction: 'IN',
        inArea: !departure,
        departed: !!departure,
        departureTime: departure,
        parkingPlace: entry.plate ? `P${entry.minutes % 20}` : null,
      })
      .returning({ id: visits.id });
    // Each passage also goes to the gate-load report, as an entry or leave through the API writes it.
    await recordGateMovement(tx, siteId, entry.gate, 'IN', time);
    if (departure) {
      await tx.insert(visits).values({
        ...common,
        gateId: entry.gate,
        movementTime: departure,
        direction: 'OUT',
        departed: true,
        entryId: created.id,
      });
      await recordGateMovement(tx, siteId, entry.gate, 'OUT', departure);
    }
    if (entry.first === 'Eva') {
      await tx
        .insert(visitCompanions)
        .values({ siteId, visitId: created.id, name: 'Pavel Horák', document: '114572388' });
      await tx.insert(visitEquipment).values([
        { siteId, visitId: created.id, object: 'Notebook Dell Latitude', serialNumber: 'CN-0X7K2M' },
        { siteId, visitId: created.id, object: 'Měřicí přístroj Fluke 1587', serialNumber: '4410027' },
      ]);
    }
  }
}

async function seedAdvices(tx: Db, siteId: number, categories: number[], idCard: number): Promise<void> {
  const people = await tx
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.userName, ['user', 'operator']));
  const requester = people.find((person) => person.userName === 'user')?.id ?? null;
  const responder = people.find((person) => person.userName === 'operator')?.id ?? null;
  const day = await siteToday(tx, siteId, new Date());
  const common = { siteId, requestUserId: requester, documentTypeId: idCard };
  const approved = { status: 'APPROVED' as const, responseUserId: responder, responseDate: minutesAgo(600) };
  const created = await tx
    .insert(advices)
    .values([
      {
        ...common,
        ...approved,
        categoryId: categories[0],
        oneTimeDate: day,
        activeUntil: day,
        reason: 'Jednání o rámcové smlouvě na dodávky obalů',
        firstName: 'Radek',
        lastName: 'Beneš',
        company: 'Obaly Morava s.r.o.',
        documentNumber: '405718263',
        email: 'radek.benes@example.com',
        visitedFirstName: 'Kateřina',
        visitedLastName: 'Dvořáková',
        visitedCompany: 'Nákup',
        allowVehicle: true,
        vehiclePlate: '7B2 1180',
        vehicleReason: 'Vzorky obalů v kufru',
      },
      {
        ...common,
        ...approved,
        categoryId: categories[1],
        validFrom: addDays(day, -1),
        validTo: addDays(day, 4),
        activeUntil: addDays(day, 4),
        reason: 'Revize vzduchotechniky v budově A',
        firstName: 'Jiří',
        lastName: 'Kolář',
        company: 'Klima Servis a.s.',
        documentNumber: '618204571',
        visitedFirstName: 'Petr',
        visitedLastName: 'Svoboda',
        visitedCompany: 'IT oddělení',
      },
      {
        ...common,
        categoryId: categories[2],
        oneTimeDate: addDays(day, 2),
        activeUntil: addDays(day, 2),
        reason: 'Pohovor na pozici skladník',
        firstName: 'Adéla',
        lastName: 'Šimková',
        visitedFirstName: 'Lucie',
        visitedLastName: 'Černá',
        visitedCompany: 'Personální oddělení',
      },
    ])
    .returning({ id: advices.id });
  await tx.insert(adviceEquipment).values([
    { siteId, adviceId: created[1].id, object: 'Kufr s nářadím', serialNumber: null },
    { siteId, adviceId: created[1].id, object: 'Anemometr Testo 417', serialNumber: '61842093' },
  ]);
}
