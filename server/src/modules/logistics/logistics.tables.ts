import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { LogisticsRole, LogisticsTransportAttribute } from '@strazce/contract';
import { entityColumns, ts } from '../../db/columns';
import { persons, siteReference, users } from '../../platform/platform.tables';
import { identityDocuments, personGroups } from '../site/site.tables';

/**
 * Logistics (MOD_LOGISTICS, docs/logistics.md): the configuration (statuses, ramps, transport types, suppliers,
 * logistics operations, workflow operations with their roles, attribute modes, persons and teams), transports
 * and their operation log. Every table carries `site_id`, the link tables too. Names are COLLATE "czech"
 * (migration 0017).
 */

/** The columns of a named configuration record. */
const namedColumns = () => ({
  ...entityColumns(),
  siteId: siteReference(),
  name: text().notNull(),
  active: boolean().notNull().default(true),
});
/** Names are unique on the site. */
const uniqueName = (table: string) => (t: { siteId: AnyPgColumn; name: AnyPgColumn }) => [
  uniqueIndex(`${table}_name_uq`).on(t.siteId, t.name),
];

export const logisticsStatuses = pgTable(
  'logistics_status',
  {
    ...namedColumns(),
    position: integer().notNull().default(0),
    archive: boolean().notNull().default(false),
    color: text(),
  },
  uniqueName('logistics_status'),
);
export const logisticsRamps = pgTable(
  'logistics_ramp',
  { ...namedColumns(), description: text() },
  uniqueName('logistics_ramp'),
);
export const logisticsTypes = pgTable('logistics_type', namedColumns(), uniqueName('logistics_type'));
export const logisticsSuppliers = pgTable(
  'logistics_supplier',
  namedColumns(),
  uniqueName('logistics_supplier'),
);
export const logisticsOperations = pgTable(
  'logistics_logistics_operation',
  { ...namedColumns(), notificationEmails: text(), color: text() },
  uniqueName('logistics_logistics_operation'),
);

const statusColumn = () =>
  integer()
    .notNull()
    .references(() => logisticsStatuses.id, { onDelete: 'restrict' });

/** A workflow operation: moves a transport from its start status to its end status. */
export const workflowOperations = pgTable(
  'logistics_workflow_operation',
  {
    ...entityColumns(),
    siteId: siteReference(),
    name: text().notNull(),
    startStatusId: statusColumn(),
    endStatusId: statusColumn(),
    requireConfirmation: boolean().notNull().default(false),
    withoutEditor: boolean().notNull().default(false),
    notificationEmails: text(),
    active: boolean().notNull().default(true),
    color: text(),
  },
  (t) => [
    index('logistics_workflow_operation_start_idx').on(t.siteId, t.startStatusId),
    index('logistics_workflow_operation_end_idx').on(t.endStatusId),
  ],
);

const operationColumn = () =>
  integer()
    .notNull()
    .references(() => workflowOperations.id, { onDelete: 'cascade' });

/** The roles a workflow operation is offered to. */
export const workflowOperationRoles = pgTable(
  'logistics_workflow_operation_role',
  {
    siteId: siteReference(),
    operationId: operationColumn(),
    role: text().$type<LogisticsRole>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.role] }),
    index('logistics_workflow_operation_role_site_idx').on(t.siteId),
  ],
);

/** The attributes of a workflow operation in one mode (compulsory, locked, automatic): one table each. */
const attributeTable = (table: string) =>
  pgTable(
    table,
    {
      siteId: siteReference(),
      operationId: operationColumn(),
      attribute: text().$type<LogisticsTransportAttribute>().notNull(),
    },
    (t) => [primaryKey({ columns: [t.operationId, t.attribute] }), index(`${table}_site_idx`).on(t.siteId)],
  );
export const workflowCompulsoryAttributes = attributeTable('logistics_workflow_compulsory');
export const workflowLockedAttributes = attributeTable('logistics_workflow_locked');
export const workflowAutomaticAttributes = attributeTable('logistics_workflow_automatic');

/** The site persons a workflow operation notifies. */
export const workflowOperationPersons = pgTable(
  'logistics_workflow_operation_person',
  {
    siteId: siteReference(),
    operationId: operationColumn(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.personId] }),
    index('logistics_workflow_operation_person_person_idx').on(t.personId),
    index('logistics_workflow_operation_person_site_idx').on(t.siteId),
  ],
);

/** The teams (the site's person groups) a workflow operation notifies: each of their members. */
export const workflowOperationTeams = pgTable(
  'logistics_workflow_operation_team',
  {
    siteId: siteReference(),
    operationId: operationColumn(),
    groupId: integer()
      .notNull()
      .references(() => personGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.groupId] }),
    index('logistics_workflow_operation_team_group_idx').on(t.groupId),
    index('logistics_workflow_operation_team_site_idx').on(t.siteId),
  ],
);

/**
 * A transport. `status_id` and `operation_id` (the last operation executed) are written only by the workflow
 * (logistics.workflow.ts) under the optimistic lock of `version`; `cancelled` by the cancellation.
 */
export const logisticsTransports = pgTable(
  'logistics_transport',
  {
    ...entityColumns(),
    siteId: siteReference(),
    datetimeArrive: ts().notNull(),
    entry: ts(),
    leave: ts(),
    licencePlate: text(),
    spedition: text(),
    supplierId: integer().references(() => logisticsSuppliers.id, { onDelete: 'restrict' }),
    typeId: integer().references(() => logisticsTypes.id, { onDelete: 'restrict' }),
    driverFirstName: text(),
    driverLastName: text(),
    phone: text(),
    documentTypeId: integer().references(() => identityDocuments.id, { onDelete: 'restrict' }),
    documentNumber: text(),
    cardNumber: text(),
    rampId: integer().references(() => logisticsRamps.id, { onDelete: 'restrict' }),
    operationId: integer().references(() => workflowOperations.id, { onDelete: 'restrict' }),
    statusId: statusColumn(),
    cancelled: ts(),
    note: text(),
  },
  (t) => [
    // The list: newest arrival first.
    index('logistics_transport_site_arrive_idx').on(
      t.siteId,
      t.datetimeArrive.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The board: the open transports of the site (not cancelled) by status.
    index('logistics_transport_open_idx')
      .on(t.siteId, t.statusId, t.datetimeArrive)
      .where(sql`${t.cancelled} is null`),
    index('logistics_transport_status_idx').on(t.statusId),
    index('logistics_transport_supplier_idx')
      .on(t.supplierId)
      .where(sql`${t.supplierId} is not null`),
    index('logistics_transport_type_idx')
      .on(t.typeId)
      .where(sql`${t.typeId} is not null`),
    index('logistics_transport_ramp_idx')
      .on(t.rampId)
      .where(sql`${t.rampId} is not null`),
    index('logistics_transport_operation_idx')
      .on(t.operationId)
      .where(sql`${t.operationId} is not null`),
    index('logistics_transport_document_type_idx')
      .on(t.documentTypeId)
      .where(sql`${t.documentTypeId} is not null`),
  ],
);

/** The logistics operations of a transport. */
export const transportLogisticsOperations = pgTable(
  'logistics_transport_logistics_op',
  {
    siteId: siteReference(),
    transportId: integer()
      .notNull()
      .references(() => logisticsTransports.id, { onDelete: 'cascade' }),
    logisticsOperationId: integer()
      .notNull()
      .references(() => logisticsOperations.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.transportId, t.logisticsOperationId] }),
    index('logistics_transport_logistics_op_op_idx').on(t.logisticsOperationId),
    index('logistics_transport_logistics_op_site_idx').on(t.siteId),
  ],
);

/**
 * The operation log of a transport: an executed operation, a correction of the last one (`edit`), or a
 * cancellation (no operation). `changes`: the attribute values it set (column values, for the record).
 */
export const transportLog = pgTable(
  'logistics_transport_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteReference(),
    transportId: integer()
      .notNull()
      .references(() => logisticsTransports.id, { onDelete: 'cascade' }),
    time: ts().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    operationId: integer().references(() => workflowOperations.id, { onDelete: 'restrict' }),
    startStatusId: integer().references(() => logisticsStatuses.id, { onDelete: 'restrict' }),
    endStatusId: integer().references(() => logisticsStatuses.id, { onDelete: 'restrict' }),
    edit: boolean().notNull().default(false),
    note: text(),
    changes: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('logistics_transport_log_transport_idx').on(t.transportId, t.time, t.id),
    index('logistics_transport_log_operation_idx')
      .on(t.operationId)
      .where(sql`${t.operationId} is not null`),
  ],
);
