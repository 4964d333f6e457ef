import { describe, expect, it } from 'vitest';
import { VEHICLE_MARKER, mergeReport } from '../bench/report';

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

  it('takes every database of a part the fresh run measured on both', () => {
    const existing = visits('old pg rows', 'old pglite rows');
    const merged = mergeReport(existing, visits('new pg rows', 'new pglite rows'));
    expect(merged).toContain('new pglite rows');
    expect(merged).not.toContain('old');
    expect(merged).not.toContain('Kept from an earlier run');
  });
});
