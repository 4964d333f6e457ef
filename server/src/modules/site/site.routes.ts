import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  blacklist,
  checkBlacklistEntry,
  district,
  districtGate,
  identityDocument,
  normalizePlate,
  personGroup,
  publicHoliday,
  sitePerson,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { crudRoutes, type CrudContext, type Row } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import { registerRefTarget } from '../../platform/refs';
import { persons } from '../system/system.tables';
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
