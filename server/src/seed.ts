import { and, count, eq, inArray } from 'drizzle-orm';
import { ASSIGNABLE_ROLES, MODULES, type AssignableRole } from '@strazce/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './db/database';
import { groupRoles, groups, userGroups, userRoles } from './modules/access/access.tables';
import { persons, siteModules, siteProperties, sites, userSites, users } from './platform/platform.tables';
import { hashPassword, newToken, verifyPassword } from './platform/secrets';
import { seedModulesDemo } from './serverModules';

/** Password of every demo user (README); the administrator's comes from ADMIN_PASSWORD. */
export const DEMO_PASSWORD = 'Demo1234!';

interface DemoUser {
  userName: string;
  firstName: string;
  lastName: string;
  kind: string;
  roles: AssignableRole[];
  sites: 'all' | 'first';
}

/**
 * One demo user per user kind of the specification (section 1), named as a believable person (the name shows in
 * the header and in records); tests and the README log in by the user name.
 */
export const DEMO_USERS: DemoUser[] = [
  {
    userName: 'siteadmin',
    firstName: 'Simona',
    lastName: 'Veselá',
    kind: 'site administrator',
    roles: ['SITE_ADMIN', 'VIEW_PERSONAL_INFO'],
    sites: 'first',
  },
  {
    userName: 'moduleadmin',
    firstName: 'Martin',
    lastName: 'Modrý',
    kind: 'module administrator',
    roles: [
      'PATROL_ADMIN',
      'VISIT_ADMIN',
      'VISIT_ADVICE_ADMIN',
      'VEHICLE_ADMIN',
      'VEHICLE_ADVICE_ADMIN',
      'KM_ADMIN',
      'SIG_ADMIN',
      'STOCK_ADMIN',
      'KBOX_ADMIN',
      'LOGISTICS_ADMIN',
      'VIEW_PERSONAL_INFO',
    ],
    sites: 'all',
  },
  {
    userName: 'user',
    firstName: 'Jana',
    lastName: 'Králová',
    kind: 'ordinary user (receptionist, guard)',
    roles: [
      'VISIT_USER',
      'VISIT_ADVICE_REQUEST',
      'VEHICLE_USER',
      'VEHICLE_ADVICE_USER',
      'KM_USER',
      'SIG_USER',
      'STOCK_USER',
      'KBOX_USER',
      'LOGISTICS_CREATE',
      'VIEW_PERSONAL_INFO',
    ],
    sites: 'all',
  },
  {
    userName: 'viewer',
    firstName: 'Věra',
    lastName: 'Marková',
    kind: 'viewer',
    roles: [
      'PATROL_VIEW',
      'VISIT_VIEW',
      'VISIT_ADVICE_VIEW',
      'VEHICLE_VIEW',
      'VEHICLE_ADVICE_VIEW',
      'KM_VIEW',
      'SIG_VIEW',
      'STOCK_VIEW',
      'KBOX_VIEW',
      'LOGISTICS_VIEW',
    ],
    sites: 'all',
  },
  {
    userName: 'operator',
    firstName: 'Karel',
    lastName: 'Pospíšil',
    kind: 'operator (dispatcher, responder)',
    roles: ['LOGISTICS_OPERATOR', 'LOGISTICS_CANCEL', 'VISIT_ADVICE_RESPONSE', 'KBOX_USER'],
    sites: 'all',
  },
  {
    userName: 'kiosk',
    firstName: 'Kiosk',
    lastName: 'Recepce',
    kind: 'kiosk',
    roles: ['VISIT_KIOSK'],
    sites: 'first',
  },
];

/** Whether the database has any user: a database without one is new, and `seed` fills it. */
export async function hasUsers(db: Db): Promise<boolean> {
  const [{ users: existing }] = await db.select({ users: count() }).from(users);
  return Number(existing) > 0;
}

/**
 * Fills an empty database: the administrator always; on the embedded default also two demo sites with
 * every module and one demo user per user kind.
 */
export async function seed(
  database: Database,
  options: {
    adminPassword?: string;
    demo: boolean;
    log: FastifyBaseLogger;
    /** Where the banner with a generated administrator password goes (default: the console, stdout). */
    banner?: (text: string) => void;
  },
): Promise<void> {
  const { db } = database;
  if (await hasUsers(db)) return;

  const adminPassword = options.adminPassword ?? newToken().slice(0, 16);
  await db.transaction(async (tx) => {
    const siteRows = options.demo
      ? await tx
          .insert(sites)
          .values([
            { name: 'Praha – centrála', description: 'Hlavní areál s recepcí a vrátnicí' },
            { name: 'Brno – sklad', description: 'Logistické centrum' },
          ])
          .returning({ id: sites.id })
      : await tx
          .insert(sites)
          .values([{ name: 'Hlavní areál', description: null }])
          .returning({ id: sites.id });
    await tx
      .insert(siteModules)
      .values(siteRows.flatMap((site) => MODULES.map((module) => ({ siteId: site.id, module }))));
    await tx
      .insert(siteProperties)
      .values(
        siteRows.map((site) => ({ siteId: site.id, name: 'SITE_TIMEOUT', type: 'LONG' as const, value: 30 })),
      );

    const [browsers] = await tx
      .insert(groups)
      .values({
        name: 'Přístup z libovolného prohlížeče',
        description: 'Členové se mohou přihlásit i z prohlížečů, které nejsou autorizovanými terminály',
      })
      .returning({ id: groups.id });
    await tx.insert(groupRoles).values({ groupId: browsers.id, role: 'ALL_CLIENTS' });

    const [adminPerson] = await tx
      .insert(persons)
      .values({ firstName: 'Adam', lastName: 'Administrátor', email: 'admin@example.com' })
      .returning({ id: persons.id });
    const [admin] = await tx
      .insert(users)
      .values({
        userName: 'admin',
        personId: adminPerson.id,
        passwordHash: await hashPassword(adminPassword),
        // A generated password has been on the console: it must be replaced at the first login. One given by
        // ADMIN_PASSWORD was chosen by whoever started the server.
        mustChangePassword: !options.adminPassword,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values(ASSIGNABLE_ROLES.map((role) => ({ userId: admin.id, role })));
    await tx.insert(userSites).values(siteRows.map((site) => ({ userId: admin.id, siteId: site.id })));

    if (!options.demo) return;
    const demoHash = await hashPassword(DEMO_PASSWORD);
    for (const demo of DEMO_USERS) {
      const [person] = await tx
        .insert(persons)
        .values({
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: `${demo.userName}@example.com`,
          homeSiteId: siteRows[0].id,
        })
        .returning({ id: persons.id });
      const [created] = await tx
        .insert(users)
        .values({ userName: demo.userName, personId: person.id, passwordHash: demoHash })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(demo.roles.map((role) => ({ userId: created.id, role })));
      await tx.insert(userGroups).values({ userId: created.id, groupId: browsers.id });
      const memberOf = demo.sites === 'all' ? siteRows : siteRows.slice(0, 1);
      await tx.insert(userSites).values(memberOf.map((site) => ({ userId: created.id, siteId: site.id })));
    }
    // Each module's demo data (serverModules.ts).
    await seedModulesDemo(
      tx,
      siteRows.map((site) => site.id),
    );
  });
  if (options.adminPassword)
    options.log.info('Created the administrator "admin" with the password from ADMIN_PASSWORD');
  else {
    options.log.warn('Created the administrator "admin" with a generated password (see the banner)');
    (options.banner ?? ((text) => process.stdout.write(text)))(adminPasswordBanner(adminPassword));
  }
  if (options.demo)
    options.log.info(
      `Demo data created: users ${DEMO_USERS.map((u) => u.userName).join(', ')}; password ${DEMO_PASSWORD}`,
    );
}

/** The console banner with the generated administrator password, shown once. */
export function adminPasswordBanner(password: string): string {
  const lines = [
    'Administrator account created',
    '',
    `  user name:  admin`,
    `  password:   ${password}`,
    '',
    'This password is shown only once and must be changed at the first login.',
    'Set ADMIN_PASSWORD on the first start to choose it yourself.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n') + '\n';
}

/** Demo users that still have the published demo password (README), by user name. */
export async function demoPasswordUsers(db: Db): Promise<string[]> {
  const rows = await db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.userName,
          DEMO_USERS.map((demo) => demo.userName),
        ),
        eq(users.valid, true),
      ),
    );
  // The seed gives every demo user one hash: each distinct hash is checked once (a check is ~0.1 s of a start).
  const verdicts = new Map<string, Promise<boolean>>();
  const isDemoPassword = (hash: string) => {
    if (!verdicts.has(hash)) verdicts.set(hash, verifyPassword(hash, DEMO_PASSWORD));
    return verdicts.get(hash)!;
  };
  const found: string[] = [];
  for (const row of rows)
    if (row.passwordHash && (await isDemoPassword(row.passwordHash))) found.push(row.userName);
  return found.sort();
}
