import { describe, expect, it } from 'vitest';
import {
  VEHICLE_MARKER,
  BY_HAND_MARKER,
  mergeReport,
  renderReport,
  type DatabaseRun,
  type ScenarioResult,
} from '../bench/report';

const visits = (postgres: string, pglite: string | null) =>
  [
    '# Performance',
    '',
    ...(pglite === null ? ['This run measured PostgreSQL only (`--db=postgresql`).', ''] : []),
    '## PostgreSQL',
    '',
    postgres,
    ...(pglite === null ? [] : ['', '## PGlite (embedded)', '', pglite]),
    '',
  ].join('\n');
const vehicles = (postgres: string) => `## Vehicles\n\n### PostgreSQL\n\n${postgres}\n`;

describe('docs/performance.md written over an earlier run (mergeReport)', () => {
  it('keeps a database the fresh run did not measure, marked as earlier, and a part it did not run', () => {
    const existing = `${visits('old pg rows', 'old pglite rows')}\n${VEHICLE_MARKER}\n\n${vehicles('old vehicle rows')}`;
    const merged = mergeReport(existing, visits('new pg rows', null));
    expect(merged).toContain('new pg rows');
    expect(merged).not.toContain('old pg rows');
    expect(merged).toMatch(
      /## PGlite \(embedded\)\n\n_Kept from an earlier run: the latest run did not measure this database._\n\nold pglite rows/,
    );
    expect(merged).not.toContain('measured PostgreSQL only');
    expect(merged).toContain('old vehicle rows');
    // Written over again by the same run: still one note.
    const again = mergeReport(merged, visits('new pg rows', null));
    expect(again).toBe(merged);
  });

  it('keeps the runs measured by hand at the end as they are', () => {
    const byHand = `${BY_HAND_MARKER}\n\n## Behind a connection pooler\n\npooled rows\n`;
    const existing = `${visits('old pg rows', null)}\n${VEHICLE_MARKER}\n\n${vehicles('old vehicle rows')}\n${byHand}`;
    const merged = mergeReport(existing, visits('new pg rows', null));
    expect(merged).toContain('new pg rows');
    expect(merged).toContain('old vehicle rows');
    expect(merged.endsWith(byHand)).toBe(true);
    expect(mergeReport(merged, visits('new pg rows', null))).toBe(merged);
  });

  it('takes every database of a part the fresh run measured on both', () => {
    const existing = visits('old pg rows', 'old pglite rows');
    const merged = mergeReport(existing, visits('new pg rows', 'new pglite rows'));
    expect(merged).toContain('new pglite rows');
    expect(merged).not.toContain('old');
    expect(merged).not.toContain('Kept from an earlier run');
  });
});

describe('the prose of docs/performance.md', () => {
  it('stays as the document has it above the fresh figures of each part', () => {
    const existing =
      `# Performance\n\nWhy the lists are fast (edited by hand).\n\n## Measurements\n\nold machine\n\n## PostgreSQL\n\nold pg rows\n` +
      `\n${VEHICLE_MARKER}\n\n## Vehicles\n\nThe vehicles' design.\n\n### Measurements of 2026-01-01\n\n### PostgreSQL\n\nold vehicle rows\n`;
    const fresh =
      `## Measurements\n\nnew machine\n\n## PostgreSQL\n\nnew pg rows\n` +
      `\n${VEHICLE_MARKER}\n\n### Measurements of 2026-02-02\n\n### PostgreSQL\n\nnew vehicle rows\n`;
    const merged = mergeReport(existing, fresh);
    expect(merged).toContain('Why the lists are fast (edited by hand).');
    expect(merged).toContain("The vehicles' design.");
    expect(merged).toContain('new machine');
    expect(merged).toContain('new vehicle rows');
    expect(merged).toContain('### Measurements of 2026-02-02');
    expect(merged).not.toContain('old');
    expect(mergeReport(merged, fresh)).toBe(merged);
  });
});

describe('the floor of HTTP in the report (--floor)', () => {
  const measurement = (p50: number, rps: number) => ({ p50, p99: p50 * 3, rps });
  const page = (floor: boolean): ScenarioResult => ({
    name: 'Stock items below their minimum',
    group: 'stock',
    path: '/api/stock/item?belowMinimum=true',
    total: '250',
    statements: ['select 1'],
    http: measurement(2.4, 900),
    raw: measurement(1.2, 1800),
    rawMain: measurement(1.1, 1900),
    ratios: [2.1, 2, 1.9],
    ratio: 2,
    ...(floor
      ? {
          floor: {
            http: measurement(1.9, 1300),
            ratios: [1.7, 1.6, 1.55],
            ratio: 1.6,
            cpu: { loadGenerator: 0.1, app: 0.3, database: 0.7 },
          },
        }
      : {}),
  });
  const run = (floor: boolean): DatabaseRun => ({
    kind: 'postgresql',
    visits: 0,
    stockItems: 2000,
    stockMovements: 20000,
    stockSeedSeconds: 3,
    seedSeconds: 5,
    connections: 4,
    duration: 12,
    rounds: 3,
    results: [page(floor)],
    mix: null,
  });
  const machine = {
    cpus: 2,
    cpuModel: 'test',
    node: 'v20',
    load: [1, 1, 1],
    loadAtEnd: [1, 1, 1],
    minutes: 1,
  };

  it("puts the bare server's ratio beside the app's, per round, with its CPU per call", () => {
    const report = renderReport([run(true)], machine);
    expect(report).toContain('The floor of HTTP');
    expect(report).toContain(
      '| Stock items below their minimum | 1.90 | 1.60 | 1.70 1.60 1.55 | 2.00 | 0.10 | 0.30 | 0.70 |',
    );
  });

  it('has no floor table for a run without it', () => {
    expect(renderReport([run(false)], machine)).not.toContain('| bare server p50 ms |');
  });
});
