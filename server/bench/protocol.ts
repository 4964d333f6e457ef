import type { BenchLogistics, BenchStock, BenchVehicles } from './seed';
import type { Sample, Statement, VersionedWrite } from './sql';

/** What the bench runner asks of the measured process (bench/target.ts), one request at a time. */
export type TargetRequest =
  | { type: 'capture'; url: string; method?: string; body?: string; headers: Record<string, string> }
  /**
   * Each group is the SQL of one API call; each loop replays the groups in turn (sql.ts runStatements), a
   * group's statements all at once, or one after another when `sequential` (a write's, which depend on each other).
   */
  | {
      type: 'replay';
      groups: Statement[][];
      concurrency: number;
      seconds: number;
      sequential?: boolean;
      /** A write under optimistic locking: replayed as its clients make it, instead of `groups`. */
      versioned?: VersionedWrite;
    }
  /** With BENCH_CPU_PROF: profile the app while the runner loads it; `stop` writes <name>.cpuprofile. */
  | { type: 'profile'; action: 'start' | 'stop'; name: string }
  /** An item's stock against the sum of its movements (after the racing movement scenario: no lost update). */
  | { type: 'stockCheck'; itemId: number }
  /** A transport's version and log entries (before and after the transition scenario: no lost update). */
  | { type: 'transportCheck'; transportId: number }
  /**
   * Points the bare node:http server (started on the first request) at these groups: each request runs the
   * next group's statements at once through the driver and answers the first one's records as the app sends a page (the floor of HTTP).
   */
  | { type: 'bare'; groups: Statement[][] }
  /** The target process's CPU time so far (ms). */
  | { type: 'cpu' }
  /**
   * The retention job of the bench site (modules/privacy) as if `daysAhead` days had passed: every departed
   * visit is past its 90 days. Answers how long it took and what it anonymized.
   */
  | { type: 'retention'; daysAhead: number }
  | { type: 'close' };

export type TargetReply =
  | { type: 'log'; line: string }
  | {
      type: 'ready';
      address: string;
      seedSeconds: number;
      /** Of the vehicle movements alone (part of seedSeconds). */
      vehicleSeedSeconds: number;
      vehicles: BenchVehicles;
      /** Of the stock alone (part of seedSeconds). */
      stockSeedSeconds: number;
      stock: BenchStock | null;
      /** Of the logistics alone (part of seedSeconds). */
      logisticsSeedSeconds: number;
      logistics: BenchLogistics | null;
    }
  | { type: 'captured'; statements: Statement[]; status: number; total: string | null; body: string }
  | { type: 'replayed'; sample: Sample }
  | { type: 'profiled' }
  | { type: 'stockChecked'; current: string; moved: string; levels: string; movements: number }
  | { type: 'transportChecked'; version: number; logRows: number }
  | { type: 'cpuUsed'; ms: number }
  | { type: 'retained'; seconds: number; anonymized: Record<string, number> }
  | { type: 'bareReady'; address: string }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
