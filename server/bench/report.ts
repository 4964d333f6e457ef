import type { Measurement } from './sql';

export interface ScenarioResult {
  name: string;
  path: string;
  total: string | null;
  statements: string[];
  http: Measurement;
  /** Every statement of the page (rows, count, companions, equipment) at once, straight through the driver. */
  raw: Measurement;
  /** Only the page's main select. */
  rawMain: Measurement;
}

export interface DatabaseRun {
  kind: 'postgresql' | 'pglite';
  visits: number;
  seedSeconds: number;
  connections: number;
  duration: number;
  results: ScenarioResult[];
}

/** How the visit lists stay fast; kept in the generated file so that it is read beside the numbers. */
const DESIGN = [
  '## Design',
  '',
  '- **Default sort.** Visits are listed by `movement_time desc, id desc`; the index',
  '  `visit_site_time_idx (site_id, movement_time desc, id desc)` serves it, so the first page reads 25 index',
  '  entries whatever the table size. The in-area overview has its own partial index (`where in_area`).',
  '- **Filters.** Purpose and gate have `(site_id, purpose_id|gate_id, movement_time desc)` indexes; names and',
  '  plate are contains-searches (`ilike`) served by trigram GIN indexes (`pg_trgm`, loaded into PGlite',
  '  as well); the in-area check at entry uses a partial index on the lower-cased names.',
  '- **Totals.** `X-Total-Count` is exact up to 1,000 matching visits: a `count(*)` over a subquery limited',
  "  to 1,001 rows, which never reads more than that. Beyond it the total is the planner's estimate",
  '  (`explain`, never below 1,001), kept for 30 s for the same filter values; an exact total is kept until',
  '  the next write call of the API on any instance (the signal the session cache hears), at most 10 s. So',
  '  the pages of a list cost no count while nothing changes. The CRUD option is `countLimit`.',
  '- **Statistics.** Visitor names have a larger statistics target (1,000), so common names are in the',
  '  most-common-values list and a contains-search is estimated well; with the default target a common name',
  '  could be estimated as rare and the page read every match instead of walking the time index.',
  '- **Audit log.** As many audit entries as visits. The list uses the same bounded count (`countLimit`),',
  '  the index `(created, id)` for its default sort, trigram indexes for the author and path searches and',
  '  `(column, created)` indexes for the event, method, status and site filters. Before, a page cost an exact',
  '  `count(*)` over every entry (0.2–0.3 s at a million).',
  '- **One statement per page.** Companions and equipment (and every link list of the CRUD machinery) are',
  '  correlated subqueries of the record select; the planner evaluates them only for the rows of the page',
  '  (after the limit). The count, when one is needed, runs at the same time.',
  '- **Prepared once.** The CRUD select is built once per query shape (which filters are set, the sort, a',
  '  page or one record) with placeholders and runs as a named prepared statement with the values of each',
  '  request; building that SQL anew cost more CPU than the cheap pages themselves. Connections plan every',
  '  run for its values (`plan_cache_mode=force_custom_plan`): a generic plan cannot tell a rare name from a',
  '  common one.',
  '- **Records as JSON.** The database writes each record as the API returns it (`json_build_object`, date-times',
  "  in `toISOString` form) and the app sends the page's texts joined into an array, without parsing,",
  '  mapping or serializing columns; only a caller whose records must be changed (personal data masked for',
  '  one without VIEW_PERSONAL_INFO) has them parsed and serialized again.',
  '- **Sessions.** Each app instance keeps resolved sessions in memory: an ordinary read costs no session',
  '  query. Every write call empties the cache before its answer leaves and tells the other instances by',
  '  PostgreSQL `NOTIFY` (PGlite: in process); entries also expire after 10 s and at the session expiry',
  '  (server/src/platform/sessionCache.ts).',
  '- **What is compared.** The app runs in a process of its own (bench/target.ts), autocannon in the',
  '  runner. "page SQL" replays, straight through the driver (node-postgres pool or the PGlite instance,',
  "  in the app's process while the app is idle), every statement the app sent for that page — captured",
  '  from the driver during a real request — all at once per iteration, from as many loops as autocannon',
  '  has connections, prepared as the app prepared them. "main select" is the rows query alone. The ratio',
  '  is HTTP p50 / page SQL p50; what it adds is HTTP, routing, the guard and query validation, and the',
  "  load generator's own CPU on the same cores. HTTP latencies are taken from",
  "  autocannon's per-response times (its own percentiles are whole milliseconds).",
  '',
];

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const targetP99 = 50;
const targetRatio = 1.5;

/** The measurements as the Markdown table of docs/performance.md. */
export function renderReport(
  runs: DatabaseRun[],
  machine: { cpus: number; cpuModel: string; node: string; load: number[] },
): string {
  const lines: string[] = [
    '# Performance: visits and audit entries at a million rows',
    '',
    'Measured by `npm run bench` (`server/bench/run.ts`); regenerate this file with',
    '`npm run bench -- --out=../docs/performance.md`. Do not edit the tables by hand.',
    '',
    ...DESIGN,
    '## Measurements',
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; the database, the app and the`,
    `load generator share it. Load average at the start of the run: ${machine.load.map((value) => value.toFixed(1)).join(', ')}`,
    '(1, 5, 15 min); anything well above the number of cores means other work competed for the CPU.',
    '',
  ];
  for (const run of runs) {
    lines.push(
      `## ${run.kind === 'postgresql' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      `${run.visits.toLocaleString('en')} visits on one site, seeded in ${run.seedSeconds.toFixed(0)} s; ` +
        `${run.connections} concurrent connections, ${run.duration} s per measurement.`,
      '',
      '| scenario | HTTP p50 ms | HTTP p99 ms | HTTP req/s | page SQL p50 ms | page SQL p99 ms | page SQL /s | p50 ratio | main select p50 ms | X-Total-Count |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const result of run.results) {
      const ratio = result.http.p50 / result.raw.p50;
      lines.push(
        `| ${result.name} | ${ms(result.http.p50)} | ${ms(result.http.p99)} | ${result.http.rps.toFixed(0)} | ` +
          `${ms(result.raw.p50)} | ${ms(result.raw.p99)} | ${result.raw.rps.toFixed(0)} | ${ratio.toFixed(2)} | ` +
          `${ms(result.rawMain.p50)} | ${result.total ?? '–'} |`,
      );
    }
    if (run.kind === 'postgresql') {
      const p99 = run.results.every((result) => result.http.p99 <= targetP99);
      const ratio = run.results.every((result) => result.http.p50 / result.raw.p50 <= targetRatio);
      lines.push(
        '',
        `Targets: p99 ≤ ${targetP99} ms — ${p99 ? 'met' : 'NOT met'}; p50 ≤ ${targetRatio}× the page SQL — ${
          ratio ? 'met' : 'NOT met'
        }.`,
      );
    }
    lines.push('', '<details><summary>SQL of each page (as the app sent it)</summary>', '');
    for (const result of run.results) {
      lines.push(`**${result.name}** \`GET ${result.path}\``, '', '```sql');
      for (const statement of result.statements) lines.push(`${statement};`);
      lines.push('```', '');
    }
    lines.push('</details>', '');
  }
  return `${lines.join('\n')}\n`;
}
