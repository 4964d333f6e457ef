import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Job } from './platform/jobs';
import { auditRetentionJob } from './modules/audit/audit.retention';
import { kboxOfflineJob } from './modules/kbox/kbox.offline';
import { seedKboxDemo } from './modules/kbox/kbox.demo';
import { keyOverdueReminders } from './modules/keys/keys.reminders';
import { seedKeysDemo } from './modules/keys/keys.demo';
import { seedLogisticsDemo } from './modules/logistics/logistics.demo';
import { deliveryWorker } from './modules/messaging/delivery.worker';
import { overdueRemindersJob, type OverdueSource } from './modules/messaging/overdueReminders';
import type { EmailTransport, SmsProvider } from './modules/messaging/transports';
import { seedPatrolDemo } from './modules/patrol/patrol.demo';
import { privacyRetentionJob } from './modules/privacy/privacy.retention';
import { signatureShredJob } from './modules/signature/signature.service';
import { seedStockDemo } from './modules/stock/stock.demo';
import { stockOverdueReminders } from './modules/stock/stock.reminders';
import { seedVehicleDemo } from './modules/vehicle/vehicle.demo';
import { seedVisitDemo } from './modules/visit/visit.demo';

/** What a module's scheduled jobs are made with. */
export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  app: FastifyInstance;
  email: EmailTransport;
  sms: SmsProvider;
  /** The overdue lendings of every module (`ServerModule.overdue`), for the messaging module's reminders. */
  overdue: OverdueSource[];
}

/**
 * What a module adds to the app beside its routes (app.ts registers those) and its tables (found by drizzle-kit
 * as `modules/<module>/<module>.tables.ts`). The app's composition (main.ts, seed.ts) reads this list: the
 * platform and the database layer know no module (docs/development.md, "Layers").
 */
export interface ServerModule {
  module: string;
  /** Demo data on the demo sites (DEMO_DATA), in the seed's transaction; run in the list's order. */
  demo?: (tx: Db, siteIds: number[]) => Promise<void>;
  /** Scheduled jobs (platform/jobs.ts): each runs once per period across the instances. */
  jobs?: (context: JobContext) => Job[];
  /** Lendings that become overdue, e-mailed by the messaging module's reminders (overdueReminders.ts). */
  overdue?: OverdueSource;
}

export const SERVER_MODULES: readonly ServerModule[] = [
  {
    module: 'messaging',
    jobs: ({ db, log, email, sms, overdue }) => [
      deliveryWorker({ db, email, sms, log }).job,
      overdueRemindersJob({ db, log, sources: overdue }),
    ],
  },
  { module: 'audit', jobs: ({ db, log }) => [auditRetentionJob({ db, log })] },
  { module: 'visit', demo: seedVisitDemo },
  { module: 'vehicle', demo: seedVehicleDemo },
  { module: 'patrol', demo: seedPatrolDemo },
  { module: 'keys', demo: seedKeysDemo, overdue: keyOverdueReminders },
  { module: 'stock', demo: seedStockDemo, overdue: stockOverdueReminders },
  { module: 'logistics', demo: seedLogisticsDemo },
  { module: 'kbox', demo: seedKboxDemo, jobs: ({ db }) => [kboxOfflineJob(db)] },
  {
    module: 'signature',
    jobs: ({ db, log, app }) => [signatureShredJob({ db, files: app.files, log })],
  },
  {
    module: 'privacy',
    jobs: ({ db, log, app }) => [privacyRetentionJob({ db, files: app.files, log })],
  },
];

/** Every module's scheduled jobs. */
export function moduleJobs(context: Omit<JobContext, 'overdue'>): Job[] {
  const overdue = SERVER_MODULES.flatMap((entry) => (entry.overdue ? [entry.overdue] : []));
  return SERVER_MODULES.flatMap((entry) => entry.jobs?.({ ...context, overdue }) ?? []);
}

/** Every module's demo data, in the list's order. */
export async function seedModulesDemo(tx: Db, siteIds: number[]): Promise<void> {
  for (const entry of SERVER_MODULES) await entry.demo?.(tx, siteIds);
}
