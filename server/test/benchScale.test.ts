import { describe, expect, it } from 'vitest';
import { parseScale, renderScale, scalePage, withScaleReport, type ScaleRun } from '../bench/scale';
import type { Sample } from '../bench/sql';

/** A round's sample whose p50 is `p50` (every latency the same) over one second. */
const round = (p50: number): Sample => ({ latencies: Array.from({ length: 100 }, () => p50), seconds: 1 });

describe('the bench against a larger database in the same rounds (--scale)', () => {
  it('reads <visits>:<sites> and refuses anything else', () => {
    expect(parseScale('10000000:50')).toEqual({ visits: 10_000_000, sites: 50 });
    for (const wrong of ['10000000', '10000000:0', '0:1', '5:10', 'ten:50', '1000:50:2'])
      expect(() => parseScale(wrong)).toThrow(/--scale/);
  });

  it("takes a page's ratio round by round, large over base, and the median of the rounds", () => {
    const page = scalePage(
      'first page',
      '/api/visit?page=1&size=25',
      { http: [round(2), round(4), round(2)], bare: [round(1), round(1), round(1)] },
      // Round 2 was slow for both sizes (the machine): its ratio is 1.0, not the 2.0 of pooled figures.
      { http: [round(2.2), round(4), round(2.4)], bare: [round(1.1), round(1.2), round(1.0)] },
    );
    expect(page.ratios.map((ratio) => Number(ratio.toFixed(2)))).toEqual([1.1, 1, 1.2]);
    expect(page.ratio).toBeCloseTo(1.1);
    expect(page.bareRatios?.map((ratio) => Number(ratio.toFixed(2)))).toEqual([1.1, 1.2, 1]);
    expect(page.bareRatio).toBeCloseTo(1.1);
    // The app over its bare server, per size: base 2/1, 4/1, 2/1 → 2; large 2.2/1.1, 4/1.2, 2.4/1.0 → 2.4.
    expect(page.overBare?.base).toBeCloseTo(2);
    expect(page.overBare?.large).toBeCloseTo(2.4);
    expect(page.base.http.p50).toBe(2);
    expect(page.large.http.p50).toBe(2.4);
  });

  it('has no bare figures when one side has no bare rounds', () => {
    const page = scalePage('one visit', '/api/visit/:id', { http: [round(1)] }, { http: [round(1.5)] });
    expect(page.ratio).toBeCloseTo(1.5);
    expect(page.bareRatio).toBeUndefined();
  });

  const run = (ratioOfLarge: number, p99: number): ScaleRun => {
    const page = scalePage(
      'Visit manager, first page',
      '/api/visit?page=1&size=25',
      { http: [round(2)], bare: [round(1)] },
      { http: [round(2 * ratioOfLarge)], bare: [round(1)] },
    );
    return {
      base: { visits: 1_000_000, sites: 1, seedSeconds: 50 },
      large: { visits: 10_000_000, sites: 50, seedSeconds: 565 },
      connections: 4,
      rounds: 1,
      roundSeconds: 2,
      pages: [{ ...page, large: { ...page.large, http: { ...page.large.http, p99 } } }],
      machine: {
        cpus: 2,
        cpuModel: 'AMD EPYC',
        node: 'v20',
        load: [1, 1, 1],
        loadAtEnd: [2, 2, 2],
        date: '2026-11-29',
      },
    };
  };

  it('renders the sizes, the ratios and whether the targets are met', () => {
    const met = renderScale(run(1.05, 10));
    expect(met).toContain('| 1,000,000 on one site | 50 sites × 200,000 |');
    expect(met).toContain(
      '| Visit manager, first page | 2.00 / 2.00 | 2.10 / 10.00 | 1.05 | 1.05 | 1.00 | 1.00 | 2.00 / 2.10 |',
    );
    expect(met).toMatch(/p50 within 1.1× of the base — met; p99 ≤ 25 ms at the large size — met/);
    const over = renderScale(run(1.2, 30));
    expect(over).toMatch(/p50 within 1.1× of the base — NOT met \(Visit manager, first page\)/);
    expect(over).toMatch(/p99 ≤ 25 ms at the large size — NOT met \(Visit manager, first page\)/);
  });

  it('writes the report between its markers, replacing an earlier one, or appends it', () => {
    const first = withScaleReport('# Performance\n\ntext\n', 'report one');
    expect(first).toBe(
      '# Performance\n\ntext\n\n<!-- bench-scale:start -->\nreport one\n<!-- bench-scale:end -->\n',
    );
    const second = withScaleReport(`${first}\nafter\n`, 'report two');
    expect(second).toContain('<!-- bench-scale:start -->\nreport two\n<!-- bench-scale:end -->\n\nafter');
    expect(second).not.toContain('report one');
    expect(withScaleReport('', 'alone')).toBe(
      '<!-- bench-scale:start -->\nalone\n<!-- bench-scale:end -->\n',
    );
  });
});
