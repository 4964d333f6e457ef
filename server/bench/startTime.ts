/**
 * How fast the embedded default starts (issue 36 point 5; docs/performance.md, "Start of the embedded server"):
 *
 *   npm run bench:start -w @strazce/server [-- --rounds=3 --no-write]
 *
 * After `npm run build`: starts the built server (`dist/main.js`, as `npm start` does) on a new data folder with the
 * demo data until `/api/health/ready` answers 200 (the first start), stops it, and starts it again on the same folder
 * (a restart), `--rounds` times. Reports the medians with the phases the server logs (`startup` of its "ready"
 * line: modules loaded, database open, app built, seeded, listening; milliseconds since the process started) and
 * writes them into docs/performance.md between its markers, with the machine and its load.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_DIR, sleep } from './cluster';
import { EMPTY_DATABASE_FILE } from '../src/db/emptyDatabase';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PORT = 8490;

type Phases = Record<string, number>;
interface Start {
  /** Until the login page is served (the server listens; a new folder's demo data may still be loading). */
  answersMs: number;
  /** Until readiness answers 200: the data there too. */
  readyMs: number;
  phases: Phases;
}

const status = (url: string) =>
  fetch(url).then(
    (reply) => reply.status,
    () => 0,
  );

/** Starts the built server on `dataDir`, waits for readiness, stops it; the times and the logged phases. */
async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  // As `npm start` runs it (server/package.json).
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--min-semi-space-size=64', '--max-semi-space-size=64', 'dist/main.js'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        ADMIN_PASSWORD: 'Start-Bench-1',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let answersMs = 0;
  let readyMs = 0;
  for (;;) {
    if (!answersMs && (await status(`http://127.0.0.1:${PORT}/login`)) === 200)
      answersMs = performance.now() - started;
    if (answersMs && (await status(`http://127.0.0.1:${PORT}/api/health/ready`)) === 200) {
      readyMs = performance.now() - started;
      break;
    }
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (performance.now() - started > 120_000) throw new Error('the server was not ready in 2 minutes');
    await sleep(20);
  }
  child.kill('SIGTERM');
  await exited;
  const ready = output
    .split('\n')
    .filter((line) => line.includes('"startup"'))
    .map((line) => (JSON.parse(line) as { startup: Phases }).startup)[0];
  return { answersMs, readyMs, phases: ready ?? {} };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function row(name: string, starts: Start[]): string {
  const phase = (key: string) => `${median(starts.map((start) => start.phases[key] ?? NaN))}`;
  const ms = (key: 'answersMs' | 'readyMs') => `${median(starts.map((start) => start[key])).toFixed(0)} ms`;
  return (
    `| ${name} | ${ms('answersMs')} | ${ms('readyMs')} | ${phase('modulesLoaded')} | ` +
    `${phase('databaseOpen')} | ${phase('appBuilt')} | ${phase('listening')} | ${phase('seeded')} | ` +
    `${starts.map((start) => `${start.answersMs.toFixed(0)}/${start.readyMs.toFixed(0)}`).join(', ')} |`
  );
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(SERVER_DIR, 'dist', 'main.js'))) throw new Error('Build first: npm run build');
  const first: Start[] = [];
  const again: Start[] = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-start-'));
    try {
      first.push(await startOnce(dataDir));
      again.push(await startOnce(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const cpus = os.cpus();
  const report = [
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run bench:start -w @strazce/server\` (median of ` +
      `${args.rounds} rounds): Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim()}, ` +
      `load average ${load} (1/5/15 min) at the end; the build's empty database ` +
      `${fs.existsSync(EMPTY_DATABASE_FILE) ? 'present' : 'absent'}.`,
    '',
    '| start | login page served | ready (data there) | modules loaded | database open | app built | listening | data seeded | runs (served/ready) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    row('first start, new data folder, demo data', first),
    row('restart on the same folder', again),
    '',
    'The times are from the spawn of the process to the first 200 of `/login` and of `/api/health/ready`; the phases are',
    'milliseconds since the process started, as the server logs them (`startup` in its "ready" line).',
  ].join('\n');
  console.log(report);
  if (args['no-write']) return;
  const docPath = path.join(SERVER_DIR, '..', 'docs', 'performance.md');
  const start = '<!-- start-bench:start -->';
  const end = '<!-- start-bench:end -->';
  const doc = fs.readFileSync(docPath, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${start} … ${end} section`);
  fs.writeFileSync(docPath, `${doc.slice(0, from + start.length)}\n${report}\n${doc.slice(to)}`);
  console.log('written into docs/performance.md');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
