import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/database';
import { seed } from './db/seed';
import { deliveryWorker } from './modules/messaging/delivery.worker';
import { emailTransportFor, logSmsProvider } from './modules/messaging/transports';

const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const app = await buildApp({
  database,
  logLevel: config.logLevel,
  validateResponses: false,
  publicUrl: config.publicUrl,
  trustProxy: config.trustProxy,
  webDir,
  filesDir: path.join(config.dataDir, 'files'),
});
await seed(database, {
  adminPassword: config.adminPassword,
  demo: config.demoData ?? database.kind === 'pglite',
  log: app.log,
});
const delivery = deliveryWorker({
  db: database.db,
  email: emailTransportFor(config, app.log),
  sms: logSmsProvider(app.log),
  log: app.log,
});
delivery.start();

let stopping = false;
const shutdown = async () => {
  // A signal sent to the whole process group can arrive twice (from the launcher and directly).
  if (stopping) return;
  stopping = true;
  await delivery.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: '0.0.0.0' });
