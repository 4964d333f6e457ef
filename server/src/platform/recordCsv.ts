import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportQuerySchema,
  serverText,
  type Entity,
  type ExportQuery,
  type ListQuery,
  type ModuleCode,
  type Role,
  type ServerTextKey,
  type TextLanguage,
} from '@strazce/contract';
import type { Db } from '../db/database';
import type { CrudRepository, Row } from './crud';
import { personalFieldsOfResource, recordPersonalRead } from './personalReads';
import { csvLanguageOf, csvOptionsFor, sendCsv, toCsvText, type CsvValue } from './csv';
import { currentSiteId } from './guard';
import { formatSiteDateTime, siteTimeZone } from './siteTime';

/**
 * The CSV export of an entity's records (visits, vehicle movements): the id, then the columns named by
 * their translated labels, in the caller's language (platform/csv.ts: byte order mark, formula-safe).
 */
export interface RecordCsvColumns<C extends string> {
  columns: readonly C[];
  /** Columns holding date-times, written as the site's clocks showed them (DD.MM.YYYY HH:mm:ss). */
  dateTimes: ReadonlySet<C>;
  /** Columns whose values are codes, written as the web app names them (IN → Vstup, HIT → Nalezeno). */
  coded: ReadonlySet<C>;
  /** The text key of a column's header. */
  headerKey(column: C): ServerTextKey;
  /** The text key of a coded column's value. */
  valueKey(column: C, value: string): ServerTextKey;
}

export interface RecordCsvOptions {
  language: TextLanguage;
  /** The site's time zone. */
  timeZone: string;
}

/**
 * A record's value as a CSV cell: references by their label, lists of children as `name / document` joined
 * by `; `, codes and yes/no in the file's language, date-times in the site's zone. Numbers stay numbers;
 * every text goes through the formula check of the CSV writer.
 */
function cell<C extends string>(
  layout: RecordCsvColumns<C>,
  column: C,
  value: unknown,
  { language, timeZone }: RecordCsvOptions,
): CsvValue {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((item: Row) =>
        [item.name ?? item.object, item.document ?? item.serialNumber].filter((part) => part).join(' / '),
      )
      .join('; ');
  if (typeof value === 'object') return String((value as { label?: unknown }).label ?? '');
  if (typeof value === 'boolean') return serverText(language, value ? 'crud.yes' : 'crud.no');
  if (typeof value === 'number') return value;
  if (layout.dateTimes.has(column)) return formatSiteDateTime(new Date(String(value)), timeZone);
  if (layout.coded.has(column))
    return serverText(language, layout.valueKey(column, String(value))) ?? String(value);
  return String(value);
}

export function recordsToCsv<C extends string>(
  layout: RecordCsvColumns<C>,
  records: Row[],
  options: RecordCsvOptions,
): string {
  return toCsvText(
    ['ID', ...layout.columns.map((column) => serverText(options.language, layout.headerKey(column)))],
    records.map((record) => [
      record.id as number,
      ...layout.columns.map((column) => cell(layout, column, record[column], options)),
    ]),
    csvOptionsFor(options.language),
  );
}

/**
 * The records of an export: the list's pages (with its filters and sort) read in chunks up to `limit` rows.
 */
async function exportRows(
  repository: CrudRepository,
  query: ListQuery,
  siteId: number | null,
  request: FastifyRequest,
  limit: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  const chunk = 1000;
  for (let page = 1; rows.length < limit; page++) {
    const { rows: part } = await repository.list({ ...query, page, size: chunk }, siteId, undefined, request);
    rows.push(...part);
    if (part.length < chunk) break;
  }
  return rows;
}

export interface CsvExportRoute {
  /** The route, e.g. `/api/visit/export`. */
  path: string;
  entity: Entity;
  repository: CrudRepository;
  roles: readonly Role[];
  module: ModuleCode;
  tags: string[];
  description: string;
  /** Largest export, in rows (newest first with the list's filters). */
  limit: number;
  toCsv(records: Row[], options: RecordCsvOptions): string;
  /** The file's name in the file's language. */
  fileName(language: TextLanguage): string;
}

/**
 * `GET <path>`: the entity's list as CSV, with the list's filters and sort, in the caller's language and the
 * site's time zone; audited as an export.
 */
export function registerCsvExport(app: FastifyInstance, db: Db, route: CsvExportRoute): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    route.path,
    {
      config: { access: { roles: route.roles, module: route.module }, auditEvent: 'EXPORT' },
      schema: {
        tags: route.tags,
        description: route.description,
        querystring: exportQuerySchema(route.entity.schemas.listQuery),
      },
    },
    async (request, reply) => {
      const { lang, ...query } = request.query as ExportQuery;
      const siteId = currentSiteId(request);
      const rows = await exportRows(route.repository, query, siteId, request, route.limit);
      const language = csvLanguageOf(request, lang);
      const csv = route.toCsv(rows, { language, timeZone: await siteTimeZone(db, siteId) });
      // An export of a list with personal fields is a read of personal data (docs/privacy.md).
      const fields = personalFieldsOfResource(route.entity.resource);
      if (fields.length > 0)
        await recordPersonalRead(db, request, {
          kind: 'export',
          entity: route.entity.resource,
          siteId,
          recordIds: rows.map((row) => Number(row.id)),
          fields,
        });
      return sendCsv(reply, route.fileName(language), csv);
    },
  );
}
