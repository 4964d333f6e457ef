/** Every Drizzle table of the product; drizzle-kit generates the migrations from this index. */
export * from '../modules/system/system.tables';
export * from '../modules/access/access.tables';
export * from '../modules/site/site.tables';
export * from '../modules/visit/visit.tables';
export * from '../modules/files/files.tables';
export * from '../modules/messaging/messaging.tables';
export * from '../modules/vehicle/vehicle.tables';
export * from '../modules/patrol/patrol.tables';
export * from '../modules/incident/incident.tables';
export * from '../modules/keys/keys.tables';
export * from '../modules/stock/stock.tables';
export * from '../modules/signature/signature.tables';
export * from '../modules/logistics/logistics.tables';
export * from '../modules/kbox/kbox.tables';
export { overdueDigests } from '../platform/overdueReminders';
export { jobRuns } from '../platform/jobs';
export * from '../modules/dashboard/dashboard.tables';
export * from '../modules/egov/egov.tables';
