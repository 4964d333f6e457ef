import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blacklist,
  checkBlacklistEntry,
  district,
  districtGate,
  identityDocument,
  normalizePlate,
  HEADERS,
  personGroup,
  personGroupMembershipQuerySchema,
  personGroupMembershipSchema,
  publicHoliday,
  sitePerson,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudContext, type Row } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import { currentSiteId } from '../../platform/guard';
import { registerRefTarget } from '../../platform/refs';
import { persons } from '../../platform/platform.tables';
import { checkSitePersons, registerSitePersonTarget } from './personPicker';
import {
  blacklistEntries,
  districts,
  gates,
  identityDocuments,
  personGroupMembers,
  personGroups,
  publicHolidays,
} from './site.tables';

const byName = (t: { name: unknown }) => sql`${t.name}`;
registerRefTarget('system_site/district', { table: districts, label: byName, scope: 'site' });
registerRefTarget('system_site/district/gate', { table: gates, label: byName, scope: 'site' });
registerRefTarget('system_site/identity_document', {
  table: identityDocuments,
  label: byName,
  scope: 'site',
});
registerSitePersonTarget('system_site/person');

/** Site administration: the data of the session's current site, managed by its SiteAdmin (/site/...). */
export function registerSiteRoutes(app: FastifyInstance, db: Db): void {
  crudRoutes(app, db, { entity: district, table: districts });
  crudRoutes(app, db, { entity: districtGate, table: gates });
  crudRoutes(app, db, { entity: identityDocument, table: identityDocuments });
  crudRoutes(app, db, { entity: publicHoliday, table: publicHolidays });
  crudRoutes(app, db, { entity: sitePerson, table: persons, siteColumn: persons.homeSiteId });
  crudRoutes(app, db, {
    entity: personGroup,
    table: personGroups,
    links: {
      members: {
        table: personGroupMembers,
        owner: personGroupMembers.groupId,
        value: personGroupMembers.personId,
      },
    },
    hooks: { beforeWrite: (_values, input, ctx) => checkSitePersons('members', input.members, ctx) },
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/system_person_group/memberships',
    {
      config: { access: { roles: personGroup.read } },
      schema: {
        tags: ['system_person_group'],
        description:
          'Which site person is in which team of the current site, by team and person; filters person, group. ' +
          'Written as a team’s `members`.',
        querystring: personGroupMembershipQuerySchema,
        response: { 200: z.array(personGroupMembershipSchema) },
      },
    },
    async (request, reply) => {
      const { person, group } = request.query;
      const rows = await db
        .select({
          groupId: personGroups.id,
          groupLabel: personGroups.name,
          personId: persons.id,
          personLabel: sql<string>`${persons.lastName} || ' ' || ${persons.firstName}`,
        })
        .from(personGroupMembers)
        .innerJoin(personGroups, eq(personGroups.id, personGroupMembers.groupId))
        .innerJoin(persons, eq(persons.id, personGroupMembers.personId))
        .where(
          and(
            eq(personGroups.siteId, currentSiteId(request)),
            person === undefined ? undefined : eq(personGroupMembers.personId, person),
            group === undefined ? undefined : eq(personGroupMembers.groupId, group),
          ),
        )
        .orderBy(asc(personGroups.name), asc(persons.lastName), asc(persons.firstName), asc(persons.id));
      reply.header(HEADERS.totalCount, String(rows.length));
      return rows.map((row) => ({
        group: { id: row.groupId, label: row.groupLabel },
        person: { id: row.personId, label: row.personLabel },
      }));
    },
  );
  crudRoutes(app, db, {
    entity: blacklist,
    table: blacklistEntries,
    hooks: { beforeWrite: checkBlacklistValues },
  });
}

/** Normalizes the licence plate and applies the category rules to the entry as it will be stored. */
function checkBlacklistValues(values: Row, _input: Row, _ctx: CrudContext, existing?: Row): void {
  if (typeof values.licencePlate === 'string') values.licencePlate = normalizePlate(values.licencePlate);
  const entry = { ...existing, ...values };
  const problems = checkBlacklistEntry({
    category: entry.category as string,
    firstName: entry.firstName as string | null,
    lastName: entry.lastName as string | null,
    documentType: entry.documentTypeId,
    documentNumber: entry.documentNumber as string | null,
    licencePlate: entry.licencePlate as string | null,
  });
  if (problems.length > 0) throw new AppError('VALIDATION', 'Validation failed', problems);
}
