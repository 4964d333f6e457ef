import path from 'node:path';
import { configFromEnv } from '../config';
import { configReport, describeConfigReport } from '../configReport';
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from './backup';
import { describeDrill, drill } from './drill';
import { openDatabase } from '../db/database';
import { currentEmptyDatabase, keepEmptyDatabase } from '../db/emptyDatabase';

/**
 * `npm run backup [-- <folder>]`, `npm run restore -- <folder> [--replace]`, `npm run backup:drill`, run from
 * the repository (npm runs them in server/, where DATA_DIR resolves as for `npm start`). The database is the
 * server's: PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR. docs/operations.md, "Backups".
 */
const [command, ...args] = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const positional = args.filter((arg) => !arg.startsWith('--'));
// npm runs the script in server/; a folder named on the command line is where the operator stands.
const fromCaller = (folder: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');

async function main(): Promise<void> {
  const config = configFromEnv();
  switch (command) {
    case 'backup': {
      const target = fromCaller(positional[0] ?? path.join('backups', `strazce-${stamp()}`));
      const manifest = config.databaseUrl
        ? await backupPostgres(config.databaseUrl, config.dataDir, target)
        : await backupEmbedded(config.dataDir, target);
      console.log(
        `Backup of the ${manifest.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} in ${target}: ` +
          `${manifest.database.file} ${manifest.database.bytes} bytes, ${manifest.files.count} stored files ` +
          `(${manifest.files.bytes} bytes), ${manifest.durationMs} ms`,
      );
      return;
    }
    case 'restore': {
      if (!positional[0]) throw new Error('Name the backup folder: npm run restore -- <folder> [--replace]');
      const backup = fromCaller(positional[0]);
      const result = config.databaseUrl
        ? await restorePostgres(backup, config.databaseUrl, config.dataDir)
        : await restoreEmbedded(backup, config.dataDir, { replace: flags.has('--replace') });
      console.log(
        `Restored ${backup} into ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir}: ` +
          `${result.files} stored files, ${result.durationMs} ms. Start the server now.`,
      );
      return;
    }
    case 'drill': {
      const serverUrl = process.env.DRILL_DATABASE_URL;
      for (const postgresServerUrl of serverUrl ? [undefined, serverUrl] : [undefined]) {
        const result = await drill({ postgresServerUrl });
        console.log(describeDrill(result).join('\n'));
        if (result.differences.length > 0) process.exitCode = 1;
      }
      if (!serverUrl) console.log('(set DRILL_DATABASE_URL to a PostgreSQL server to drill PostgreSQL too)');
      return;
    }
    case 'check-config': {
      // `npm run check-config [-- --production]`: exits 1 when production settings are incomplete and this is
      // production (NODE_ENV=production or the flag); otherwise it only tells.
      const report = configReport(config);
      const production = process.env.NODE_ENV === 'production' || flags.has('--production');
      console.log(describeConfigReport(report).join('\n'));
      if (!report.complete && production) process.exitCode = 1;
      else if (!report.complete)
        console.log('(not production: NODE_ENV=production or --production makes an incomplete setting fail)');
      return;
    }
    case 'empty-database': {
      // The build's migrated empty database, for a fast first start of the embedded one (db/emptyDatabase.ts).
      if (currentEmptyDatabase()) return console.log('empty database: current');
      const started = Date.now();
      const database = await openDatabase({ dataDir: 'memory://' });
      const dump = Buffer.from(await (await database.snapshot!.dumpDataDir()).arrayBuffer());
      await database.close();
      keepEmptyDatabase(dump);
      console.log(`empty database: made in ${Date.now() - started} ms (${dump.length} bytes)`);
      return;
    }
    default:
      throw new Error(
        'Usage: cli.ts backup [folder] | restore <folder> [--replace] | drill | check-config [--production] | empty-database',
      );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
