/**
 * `--scale=<visits>:<sites>` (issue 37 point 2): the visit and audit pages of a large database against the same
 * pages of the base one (`--visits`, `--sites`), measured in the same alternating rounds. Two targets run at once
 * on the same PostgreSQL server; each round loads the base's page, then the large one's (and, with `--floor`,
 * each one's bare node:http server), so that whatever else the machine does slows both alike. The ratio of a page
 * is the median of the rounds' ratios of p50, as every other ratio of the bench is taken; the bare servers' ratio
 * in the same rounds is what the larger database costs any server that sends the same statements.
 */
import { median, pool, type Measurement, type Sample } from './sql';

/** One size's side of a page's rounds. */
export interface ScaleSide {
  http: Sample[];
  bare?: Sample[];
}

/** What `--scale` measured of one page. */
export interface ScalePage {
  name: string;
  path: string;
  base: { http: Measurement; bare?: Measurement };
  large: { http: Measurement; bare?: Measurement };
  /** Large over base, p50 of each round, then their median. */
  ratios: number[];
  ratio: number;
  bareRatios?: number[];
  bareRatio?: number;
  /** The app's p50 over its bare server's in the same rounds (median), at each size (issue 37 point 1). */
  overBare?: { base: number; large: number };
}

export interface ScaleRun {
  base: { visits: number; sites: number; seedSeconds: number };
  large: { visits: number; sites: number; seedSeconds: number };
  connections: number;
  rounds: number;
  roundSeconds: number;
  pages: ScalePage[];
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    load: number[];
    loadAtEnd: number[];
    date: string;
  };
}

/** The issue's bound: a page at the large size within this factor of its p50 at the base size. */
export const SCALE_TARGET = 1.1;
/** And its p99 at the large size at most this (ms, at 4 connections). */
export const SCALE_P99_TARGET = 25;

/** `<visits>:<sites>` → numbers; throws on anything else. */
export function parseScale(value: string): { visits: number; sites: number } {
  const match = /^(\d+):(\d+)$/.exec(value);
  const visits = Number(match?.[1]);
  const sites = Number(match?.[2]);
  if (!match || visits < 1 || sites < 1 || sites > visits)
    throw new Error(`--scale must be <visits>:<sites>, e.g. 10000000:50 (given: ${value})`);
  return { visits, sites };
}

/** The figures of one page from both sides' rounds (round i of the base beside round i of the large). */
export function scalePage(name: string, path: string, base: ScaleSide, large: ScaleSide): ScalePage {
  const perRound = (of: (side: ScaleSide) => Sample[] | undefined) => {
    const baseRounds = of(base);
    const largeRounds = of(large);
    if (!baseRounds || !largeRounds) return undefined;
    return baseRounds.map((round, index) => pool([largeRounds[index]!]).p50 / pool([round]).p50);
  };
  const ratios = perRound((side) => side.http)!;
  const bareRatios = perRound((side) => side.bare);
  const overBare = (side: ScaleSide) =>
    median(side.http.map((round, index) => pool([round]).p50 / pool([side.bare![index]!]).p50));
  return {
    name,
    path,
    base: { http: pool(base.http), ...(base.bare ? { bare: pool(base.bare) } : {}) },
    large: { http: pool(large.http), ...(large.bare ? { bare: pool(large.bare) } : {}) },
    ratios,
    ratio: median(ratios),
    ...(bareRatios
      ? {
          bareRatios,
          bareRatio: median(bareRatios),
          overBare: { base: overBare(base), large: overBare(large) },
        }
      : {}),
  };
}

const spread = (visits: number, sites: number) =>
  sites === 1
    ? `${visits.toLocaleString('en')} on one site`
    : `${sites} sites × ${Math.round(visits / sites).toLocaleString('en')}`;
const ms = (value: number) => value.toFixed(2);
const ratios = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');

/** The report of a `--scale` run (markdown). */
export function renderScale(run: ScaleRun): string {
  const base = spread(run.base.visits, run.base.sites);
  const large = spread(run.large.visits, run.large.sites);
  const withBare = run.pages.some((page) => page.bareRatio !== undefined);
  const lines = [
    `Measured on ${run.machine.date} by \`npm run bench -- --scale=${run.large.visits}:${run.large.sites}\`: ` +
      `${run.machine.cpus} × ${run.machine.cpuModel}, Node ${run.machine.node}, load average ` +
      `${run.machine.load.map((value) => value.toFixed(1)).join(' / ')} at the start, ` +
      `${run.machine.loadAtEnd.map((value) => value.toFixed(1)).join(' / ')} at the end (1/5/15 min). ` +
      `Both databases on one PostgreSQL server at once (seeded in ${run.base.seedSeconds.toFixed(0)} s and ` +
      `${run.large.seedSeconds.toFixed(0)} s), ${run.connections} connections, ${run.rounds} rounds of ` +
      `${run.roundSeconds} s per side, the sizes alternating within each round.`,
    '',
    `| page (HTTP p50 / p99 ms) | ${base} | ${large} | ratio of p50 (median) | per round |` +
      (withBare ? ' the bare server: ratio (median) | per round | the app over the bare server |' : ''),
    `|---|---:|---:|---:|---|${withBare ? '---:|---|---:|' : ''}`,
    ...run.pages.map(
      (page) =>
        `| ${page.name} | ${ms(page.base.http.p50)} / ${ms(page.base.http.p99)} | ` +
        `${ms(page.large.http.p50)} / ${ms(page.large.http.p99)} | ${page.ratio.toFixed(2)} | ${ratios(page.ratios)} |` +
        (withBare
          ? ` ${page.bareRatio?.toFixed(2) ?? '–'} | ${page.bareRatios ? ratios(page.bareRatios) : '–'} | ` +
            `${page.overBare ? `${page.overBare.base.toFixed(2)} / ${page.overBare.large.toFixed(2)}` : '–'} |`
          : ''),
    ),
    '',
  ];
  const over = run.pages.filter((page) => page.ratio > SCALE_TARGET);
  const slow = run.pages.filter((page) => page.large.http.p99 > SCALE_P99_TARGET);
  lines.push(
    `Targets: p50 within ${SCALE_TARGET}× of the base — ${over.length === 0 ? 'met' : `NOT met (${over.map((page) => page.name).join('; ')})`}; ` +
      `p99 ≤ ${SCALE_P99_TARGET} ms at the large size — ${slow.length === 0 ? 'met' : `NOT met (${slow.map((page) => page.name).join('; ')})`}.`,
  );
  return lines.join('\n');
}

const SCALE_START = '<!-- bench-scale:start -->';
const SCALE_END = '<!-- bench-scale:end -->';

/** `existing` (a report file) with the scale report between its markers, or appended with them. */
export function withScaleReport(existing: string, report: string): string {
  const marked = `${SCALE_START}\n${report}\n${SCALE_END}`;
  const start = existing.indexOf(SCALE_START);
  const end = existing.indexOf(SCALE_END);
  if (start >= 0 && end > start)
    return existing.slice(0, start) + marked + existing.slice(end + SCALE_END.length);
  return `${existing.trimEnd()}${existing.trim() ? '\n\n' : ''}${marked}\n`;
}
