/**
 * What held the calls of the whole-installation load (whole.ts) when they were slow: a slow path shows in one call
 * type, a common stall in every call of the same moment. The run is cut into 5-second windows; for each the load
 * generator notes its slowest call and the calls over the write target, and this samples at the window's end:
 *
 * - each instance's longest event-loop delay, its GC pauses and its old space (its Prometheus metrics at
 *   `/api/metrics`: prom-client resets the event-loop histogram at each scrape, and counts the GC pauses since
 *   the start; the old space holds what survived collections, so a leak grows it);
 * - the load generator's own event-loop delay (it times the answers on its loop, so its delay adds to theirs);
 * - the machine's busy CPU share (/proc/stat) and the disk's busy share (/proc/diskstats), every process;
 * - the database's backends of this database: connected, running a statement, waiting for a lock, and the buffers
 *   its checkpointer wrote.
 */
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';

const WINDOW_MS = 5_000;
/** A window whose slowest call took longer than this is a stall. */
const STALL_MS = 500;
/** A call slower than this is counted per window (the write target of issue 37). */
const SLOW_MS = 250;
/** An event loop held this long within a window counts as held. */
const HELD_MS = 100;

interface Window {
  second: number;
  slowest: number;
  slowestCall: string;
  slow: number;
  calls: number;
  /** Per instance: longest event-loop delay, GC time and GC pauses of 100 ms or more in the window. */
  loopMs: number[];
  gcMs: number[];
  longGc: number[];
  oldMb: number[];
  generatorLoopMs: number;
  machineBusy: number;
  diskBusy: number;
  connected: number;
  active: number;
  lockWaits: number;
  checkpointBuffers: number;
}

/** The sums of a Prometheus text exposition's samples of `name`, by the value of label `label` (or ''). */
function samplesOf(text: string, name: string, label?: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^(\w+)(\{[^}]*\})? ([\d.e+-]+|NaN)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const key = label ? (new RegExp(`${label}="([^"]*)"`).exec(match[2] ?? '')?.[1] ?? '') : '';
    found.set(key, (found.get(key) ?? 0) + Number(match[3]));
  }
  return found;
}
const sum = (values: Map<string, number>) => [...values.values()].reduce((total, value) => total + value, 0);

interface GcTotals {
  seconds: number;
  /** Pauses of 100 ms or more so far (all pauses less those in the buckets up to 0.1 s). */
  long: number;
}

function gcTotals(text: string): GcTotals {
  const count = sum(samplesOf(text, 'nodejs_gc_duration_seconds_count'));
  const bucket = (le: string) =>
    [...text.matchAll(new RegExp(`^nodejs_gc_duration_seconds_bucket\\{([^}]*)\\} (\\S+)$`, 'gm'))]
      .filter((match) => match[1].includes(`le="${le}"`))
      .reduce((total, match) => total + Number(match[2]), 0);
  return { seconds: sum(samplesOf(text, 'nodejs_gc_duration_seconds_sum')), long: count - bucket('0.1') };
}

function scrape(agent: http.Agent, port: number, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/metrics',
        agent,
        timeout: 10_000,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString('utf8'))
            : reject(new Error(`metrics of ${port}: ${response.statusCode}`)),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** The machine's busy and total CPU time so far (/proc/stat), every process of every user. */
export const machineTicks = () => {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((all, value) => all + value, 0);
  return { busy: total - ticks[3] - ticks[4], total };
};

/** Milliseconds the busiest block device has spent doing I/O so far (io_ticks of /proc/diskstats). */
const DISKS = fs.existsSync('/sys/block')
  ? fs.readdirSync('/sys/block').filter((name) => !/^(loop|ram|zram|sr|dm-)/.test(name))
  : [];
const diskTicks = (): Map<string, number> => {
  const ticks = new Map<string, number>();
  for (const line of fs.readFileSync('/proc/diskstats', 'utf8').split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (DISKS.includes(fields[2])) ticks.set(fields[2], Number(fields[12]));
  }
  return ticks;
};

export interface StallWatch {
  /** A call that ended now took `ms`. */
  note(name: string, ms: number): void;
  stop(): Promise<void>;
  /** The database's connections sampled every window (this watcher's own left out). */
  connections(): number[];
  lines(): string[];
}

export function watchStalls(
  instances: Array<{ port: number; token: string }>,
  database: pg.Client,
  started = Date.now(),
): StallWatch {
  const windows: Window[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: instances.length });
  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  generatorLoop.enable();
  const fresh = (): Window => ({
    second: 0,
    slowest: 0,
    slowestCall: '',
    slow: 0,
    calls: 0,
    loopMs: [],
    gcMs: [],
    longGc: [],
    oldMb: [],
    generatorLoopMs: 0,
    machineBusy: 0,
    diskBusy: 0,
    connected: 0,
    active: 0,
    lockWaits: 0,
    checkpointBuffers: 0,
  });
  let current = fresh();
  let lastCpu = machineTicks();
  let lastDisk = diskTicks();
  let lastGc: GcTotals[] = [];
  let lastCheckpoint = NaN;
  let sampling: Promise<void> = Promise.resolve();

  const sample = async () => {
    const window = current;
    current = fresh();
    window.second = Math.round((Date.now() - started) / 1000);
    window.generatorLoopMs = generatorLoop.max / 1e6;
    generatorLoop.reset();
    const cpu = machineTicks();
    window.machineBusy = (cpu.busy - lastCpu.busy) / Math.max(1, cpu.total - lastCpu.total);
    lastCpu = cpu;
    const disk = diskTicks();
    window.diskBusy = Math.max(
      0,
      ...[...disk].map(([name, ms]) => (ms - (lastDisk.get(name) ?? ms)) / WINDOW_MS),
    );
    lastDisk = disk;
    const [texts, activity] = await Promise.all([
      Promise.all(instances.map(({ port, token }) => scrape(agent, port, token).catch(() => ''))),
      database
        .query<{ connected: number; active: number; locks: number; checkpoint: string }>(
          `select count(*)::int as connected, (count(*) filter (where state = 'active'))::int as active,
             (count(*) filter (where wait_event_type = 'Lock'))::int as locks,
             (select buffers_checkpoint from pg_stat_bgwriter)::text as checkpoint
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
        .then(({ rows }) => rows[0]),
    ]);
    const gc = texts.map(gcTotals);
    window.loopMs = texts.map((text) => sum(samplesOf(text, 'nodejs_eventloop_lag_max_seconds')) * 1000);
    window.gcMs = gc.map(
      (totals, index) => (totals.seconds - (lastGc[index]?.seconds ?? totals.seconds)) * 1000,
    );
    window.longGc = gc.map((totals, index) => totals.long - (lastGc[index]?.long ?? totals.long));
    window.oldMb = texts.map(
      (text) => (samplesOf(text, 'nodejs_heap_space_size_used_bytes', 'space').get('old') ?? NaN) / 2 ** 20,
    );
    lastGc = gc;
    window.connected = activity.connected;
    window.active = activity.active;
    window.lockWaits = activity.locks;
    const checkpoint = Number(activity.checkpoint);
    window.checkpointBuffers = Number.isNaN(lastCheckpoint) ? 0 : checkpoint - lastCheckpoint;
    lastCheckpoint = checkpoint;
    windows.push(window);
  };
  // The first sample only sets the counters' starting points.
  sampling = sample().then(() => void windows.pop());
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, WINDOW_MS);

  return {
    note(name, ms) {
      current.calls++;
      if (ms > SLOW_MS) current.slow++;
      if (ms > current.slowest) {
        current.slowest = ms;
        current.slowestCall = name;
      }
    },
    async stop() {
      clearInterval(timer);
      await sampling;
      generatorLoop.disable();
      agent.destroy();
    },
    connections: () => windows.map((window) => window.connected),
    lines: () => report(windows),
  };
}

const fixed = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function oldSpaceLine(windows: Window[]): string {
  const atTwo = windows.find((window) => window.second >= 120) ?? windows[0];
  const last = windows[windows.length - 1];
  return atTwo.oldMb
    .map((mb, index) => {
      const change = (last.oldMb[index] - mb) / mb;
      const peak = Math.max(...windows.map((window) => window.oldMb[index]).filter(Number.isFinite));
      return (
        `${mb.toFixed(0)} MB at ${atTwo.second} s, ${last.oldMb[index].toFixed(0)} MB at ${last.second} s ` +
        `(${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %; at most ${peak.toFixed(0)} MB)`
      );
    })
    .join('; ');
}

function report(windows: Window[]): string[] {
  if (windows.length === 0) return ['- no window sampled'];
  const stalls = windows.filter((window) => window.slowest > STALL_MS);
  const slowCalls = windows.reduce((all, window) => all + window.slow, 0);
  const heldInstance = (window: Window) => window.loopMs.some((ms) => ms >= HELD_MS);
  const share = (test: (window: Window) => boolean) =>
    slowCalls === 0
      ? '—'
      : percent(windows.filter(test).reduce((all, window) => all + window.slow, 0) / slowCalls);
  const lines = [
    `- ${windows.length} windows of ${WINDOW_MS / 1000} s; ${stalls.length} with a call over ${STALL_MS} ms; ` +
      `${slowCalls} calls over ${SLOW_MS} ms in all`,
    `- of the calls over ${SLOW_MS} ms: ${share(heldInstance)} in windows where an instance's event loop was held ` +
      `${HELD_MS} ms or more, ${share((window) => window.longGc.some((n) => n > 0))} where an instance paused for ` +
      `GC 100 ms or more, ${share((window) => window.generatorLoopMs >= HELD_MS)} where the load generator's loop ` +
      `was held ${HELD_MS} ms or more, ${share((window) => window.machineBusy >= 0.95)} where the machine's CPUs were ` +
      `95 % busy or more, ${share((window) => window.diskBusy >= 0.5)} where the disk was busy half the window or more`,
    `- medians over all windows: instance event-loop max ${windows[0].loopMs
      .map((_, index) => fixed(median(windows.map((window) => window.loopMs[index]))))
      .join('/')} ms, GC ${windows[0].gcMs
      .map((_, index) => fixed(median(windows.map((window) => window.gcMs[index]))))
      .join(
        '/',
      )} ms per window, load generator loop max ${fixed(median(windows.map((window) => window.generatorLoopMs)))} ms, ` +
      `machine ${percent(median(windows.map((window) => window.machineBusy)))} busy, disk ${percent(
        median(windows.map((window) => window.diskBusy)),
      )} busy, ${median(windows.map((window) => window.active))} statements running`,
    `- old space (what survived collections; a leak grows it) per instance: ${oldSpaceLine(windows)}`,
    '',
    `The ${Math.min(15, stalls.length)} slowest windows:`,
    '',
    '| at s | slowest call | ms | calls | over 250 ms | instances: loop max ms | GC ms (≥ 100 ms pauses) | load generator loop max ms | CPU busy | disk busy | statements running | lock waits | checkpoint buffers |',
    '|---:|---|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const window of [...stalls].sort((a, b) => b.slowest - a.slowest).slice(0, 15))
    lines.push(
      `| ${window.second} | ${window.slowestCall} | ${fixed(window.slowest)} | ${window.calls} | ${window.slow} | ` +
        `${window.loopMs.map(fixed).join(' / ')} | ` +
        `${window.gcMs.map((ms, index) => `${fixed(ms)} (${window.longGc[index]})`).join(' / ')} | ` +
        `${fixed(window.generatorLoopMs)} | ${percent(window.machineBusy)} | ${percent(window.diskBusy)} | ` +
        `${window.active} | ${window.lockWaits} | ${window.checkpointBuffers} |`,
    );
  return lines;
}
