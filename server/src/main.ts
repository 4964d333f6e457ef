import path from 'node:path';
import { buildApp } from './app';
import { configFromEnv, demoDataOn, listenHost } from './config';
import { configReport, describeConfigReport } from './configReport';
import { openDatabase, type Database } from './db/database';
import { DataDirLockedError } from './db/dataDirLock';
import { DEMO_USERS, demoPasswordUsers, hasUsers, seed } from './seed';
import { moduleJobs } from './serverModules';
import { emailTransportFor, smsProviderFor } from './modules/messaging/transports';
import { governmentBlacklistProvider } from './modules/blacklist/blacklist';
import { egovProvider } from './modules/egov/egov';
import { ldapDirectory } from './modules/access/ldap.directory';
import { systemClock } from './platform/clock';
import { WEB_DIST_DIR } from './paths';
import { jobRunner } from './platform/jobs';
import { metricsServer } from './platform/metrics';
import { gracefulShutdown, hardExitAfter, hardExitDelayMs } from './platform/shutdown';
import { readyMessage, stdoutLog } from './platform/logging';
import { serveBackups } from './ops/backup';
import { secretsKeyFrom, useSecretsKey } from './platform/secretBox';

/** Milliseconds since the process started: the start's phases are logged once it listens. */
const sinceStart = () => Math.round(process.uptime() * 1000);
const phases: Record<string, number> = { modulesLoaded: sinceStart() };
const config = configFromEnv();
// Credentials kept for a while (outbox) are sealed with SECRETS_KEY, else the key file in DATA_DIR.
useSecretsKey(secretsKeyFrom(process.env.SECRETS_KEY, config.dataDir));
let database: Database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pooler: config.databasePooler,
    directUrl: config.databaseDirectUrl,
    dataDir: config.dataDir,
    warn: (message) => console.warn(message),
  });
} catch (error) {
  // Another server on the same embedded data folder: said plainly, without a stack trace.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
phases.databaseOpen = sinceStart();
const demoData = demoDataOn(config);
// A new database (no user yet) is filled once the server listens: the login page shows at once, and the API
// answers 503 STARTING (readiness too) for the second or two the demo data takes (issue 36 point 5).
const fresh = !(await hasUsers(database.db));
// Which demo users still have the published password (it decides where to listen): on a restart checked in the
// thread pool while the app is built; on a new database, those the seed is about to create.
const demoUsersFound = fresh
  ? Promise.resolve(demoData ? DEMO_USERS.map((demo) => demo.userName).sort() : [])
  : demoPasswordUsers(database.db);
const localAddress = `http://localhost:${config.port}`;
const webDir = WEB_DIST_DIR;
// What is configured, from one place (npm run check-config, readiness for administrators, their banner).
const configuration = configReport(config);
// The government blacklist register and the eID reader: named, else HTTP with a URL, else the simulator with
// demo data only.
const governmentBlacklist = governmentBlacklistProvider(config.blacklist, demoData);
const email = emailTransportFor(config);
const sms = smsProviderFor(config.sms);
// Standard output that never holds the server up, whatever its reader does (platform/logging.ts).
const log = stdoutLog();
const app = await buildApp({
  database,
  logLevel: config.logLevel,
  logStream: log,
  logRequests: config.logRequests,
  metricsToken: config.metricsToken,
  validateResponses: false,
  // Without PUBLIC_URL and RESET_LINK_ORIGINS, links point to this machine: never to the request's Host.
  publicUrl: config.publicUrl ?? (config.resetOrigins.length > 0 ? undefined : localAddress),
  resetOrigins: config.resetOrigins,
  trustProxy: config.trustProxy,
  webDir,
  filesDir: path.join(config.dataDir, 'files'),
  governmentBlacklist,
  egov: egovProvider(config.egov, demoData, systemClock),
  configuration,
  directory: config.ldap ? { config: config.ldap, directory: ldapDirectory(config.ldap) } : undefined,
  oidc: config.oidc,
});
// The configuration at start: one line per provider; what pretends or is off is a warning.
for (const [index, line] of describeConfigReport(configuration).entries()) {
  const entry = configuration.providers[index];
  const pretends =
    entry && (entry.state === 'simulator' || (entry.state === 'off' && entry.missing !== null));
  if (pretends || (!entry && !configuration.complete)) app.log.warn(`Configuration: ${line}`);
  else app.log.info(`Configuration: ${line}`);
}
phases.appBuilt = sinceStart();
// Every scheduled job runs through the runner: once per period across the instances (platform/jobs.ts); they
// start once the data is there.
const jobs = jobRunner({ database, log: app.log });
// Each module's jobs (serverModules.ts).
for (const job of moduleJobs({ db: database.db, log: app.log, app, email, sms })) jobs.register(job);
// The embedded database's online backup (`npm run backup`): this process holds its only connection.
const stopBackups = database.snapshot
  ? await serveBackups({ snapshot: database.snapshot, dataDir: config.dataDir, log: app.log })
  : undefined;
const metrics = config.metricsPort
  ? await metricsServer(app.metrics, { port: config.metricsPort, host: config.host, log: app.log })
  : undefined;

let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  // A signal sent to the whole process group can arrive twice (from the launcher and directly).
  if (stopping) return;
  stopping = true;
  const limits = { timeoutMs: config.shutdownTimeoutMs, drainDelayMs: config.shutdownDelayMs };
  // Whatever blocks the stop (a log reader that went away or stopped reading), the process ends by then.
  const hardExitMs = hardExitDelayMs(limits);
  hardExitAfter(hardExitMs);
  app.log.info({ signal, hardExitMs }, 'shutting down: finishing the requests in flight');
  await gracefulShutdown({
    app,
    stopJobs: () => jobs.stop(),
    closeDatabase: async () => {
      await stopBackups?.();
      await database.close();
    },
    ...limits,
  });
  metrics?.close();
  app.log.info({ droppedLogLines: log.dropped }, 'stopped');
  await log.drained(1_000);
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const demoUsers = await demoUsersFound;
const host = listenHost(config, demoUsers);
if (demoUsers.length > 0)
  app.log.warn(
    config.host
      ? `Demo users with the published password exist (${demoUsers.join(', ')}); listening on ${host} as HOST says`
      : `Demo users with the published password exist (${demoUsers.join(', ')}): listening on 127.0.0.1 only; set HOST (e.g. HOST=0.0.0.0) to listen on the network`,
  );
if (!config.publicUrl && config.resetOrigins.length === 0)
  app.log.warn(
    `Neither PUBLIC_URL nor RESET_LINK_ORIGINS is set: password reset links point to ${localAddress}`,
  );
app.preparing = fresh;
await app.listen({ port: config.port, host });
phases.listening = sinceStart();
if (fresh) {
  await seed(database, { adminPassword: config.adminPassword, demo: demoData, log: app.log });
  app.preparing = false;
}
phases.seeded = sinceStart();
jobs.start();
// How long the start took, by phase (ms since the process started): issue 36 point 5, `npm run bench:start`.
app.log.info({ startup: phases }, readyMessage(sinceStart()));
