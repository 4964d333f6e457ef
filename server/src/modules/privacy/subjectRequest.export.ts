import { eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { personalFieldsOf, type SubjectResource, type SubjectSearchKind } from '@strazce/contract';
import type { Db } from '../../db/database';
import { files as fileRows } from '../files/files.tables';
import type { FileUploads } from '../files/files.routes';
import { incidentAttachments } from '../incident/incident.tables';
import { vehiclePhotos } from '../vehicle/vehicle.tables';
import type { Found } from './subjectRequest.service';
import type { SubjectTarget } from './subjectRequest.targets';

type Language = 'cs' | 'en';

/** The report's texts (the export is a document for the requester, made on the server in their language). */
const TEXTS: Record<Language, { title: string; made: string; none: string; files: string }> = {
  cs: {
    title: 'Osobní údaje subjektu údajů (čl. 15 GDPR)',
    made: 'Vytvořeno',
    none: 'Nenalezeny žádné záznamy.',
    files: 'Soubory',
  },
  en: {
    title: 'Personal data of the data subject (GDPR art. 15)',
    made: 'Made',
    none: 'No records found.',
    files: 'Files',
  },
};

const MODULE_NAMES: Record<SubjectResource, Record<Language, string>> = {
  visit: { cs: 'Návštěvy', en: 'Visits' },
  'visit/accompaniment': { cs: 'Doprovod návštěv', en: 'Visit companions' },
  vehicle: { cs: 'Pohyby vozidel', en: 'Vehicle movements' },
  'vehicle/accompaniment': { cs: 'Posádky vozidel', en: 'Vehicle companions' },
  'visit/advice': { cs: 'Avíza návštěv', en: 'Visit advices' },
  'vehicle/advice': { cs: 'Avíza vozidel', en: 'Vehicle advices' },
  'vehicle/anpr/read': { cs: 'Čtení SPZ kamerami', en: 'Camera plate reads' },
  'keymanagement/keylend': { cs: 'Výpůjčky klíčů', en: 'Key lendings' },
  incident: { cs: 'Incidenty', en: 'Incidents' },
  'kbox/content': { cs: 'Obsah schránek', en: 'Keybox contents' },
  'signature/signed': { cs: 'Podepsané dokumenty', en: 'Signed documents' },
  'system_site/person': { cs: 'Osoby', en: 'Persons' },
};

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** The files of found records: vehicle photos, incident attachments, signed PDFs. */
async function filesOf(db: Db, target: SubjectTarget, ids: number[], rows: Array<Record<string, unknown>>) {
  if (target.resource === 'vehicle')
    return (
      await db
        .select({ recordId: vehiclePhotos.movementId, fileId: vehiclePhotos.fileId })
        .from(vehiclePhotos)
        .where(inArray(vehiclePhotos.movementId, ids))
    ).map((row) => ({ recordId: Number(row.recordId), fileId: Number(row.fileId) }));
  if (target.resource === 'incident')
    return (
      await db
        .select({ recordId: incidentAttachments.incidentId, fileId: incidentAttachments.fileId })
        .from(incidentAttachments)
        .where(inArray(incidentAttachments.incidentId, ids))
    ).map((row) => ({ recordId: Number(row.recordId), fileId: Number(row.fileId) }));
  if (target.resource === 'signature/signed')
    return rows
      .filter((row) => row.fileId !== null && row.fileId !== undefined)
      .map((row) => ({ recordId: Number(row.id), fileId: Number(row.fileId) }));
  return [];
}

/**
 * The export of a subject request: `data.json` (every found record with its columns, machine-readable),
 * `report.html` (the personal fields per module, readable, in the requester's language) and `files/` (photos,
 * signed PDFs, attachments).
 */
export async function exportFound(
  db: Db,
  uploads: FileUploads,
  found: Found,
  options: { kind: SubjectSearchKind; language: Language; at: Date },
): Promise<Buffer> {
  const texts = TEXTS[options.language];
  const zip: Zippable = {};
  const data: Record<string, unknown[]> = {};
  const sections: string[] = [];
  for (const [target, records] of found) {
    const ids = records.map((record) => record.id);
    const rows = (await db.select().from(target.table).where(inArray(target.table.id, ids))) as Array<
      Record<string, unknown>
    >;
    const attached = await filesOf(db, target, ids, rows);
    const fileNames = new Map<number, string[]>();
    for (const { recordId, fileId } of attached) {
      const [meta] = await db.select({ name: fileRows.name }).from(fileRows).where(eq(fileRows.id, fileId));
      if (!meta) continue;
      const path = `files/${target.resource.replace(/\//g, '-')}/${recordId}/${fileId}-${meta.name.replace(/[\\/]/g, '_')}`;
      try {
        zip[path] = new Uint8Array(await uploads.read(fileId));
      } catch {
        continue; // content gone (shredded): the record still lists nothing for it
      }
      fileNames.set(recordId, [...(fileNames.get(recordId) ?? []), path]);
    }
    data[target.resource] = rows.map((row) => ({
      ...Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plain(value)])),
      files: fileNames.get(Number(row.id)) ?? [],
    }));
    const fields = personalFieldsOf(target.classification).filter((field) => field in (rows[0] ?? {}));
    const columns = ['id', target.timeField, ...fields.filter((field) => field !== target.timeField)];
    const head = columns.map((name) => `<th>${escapeHtml(name)}</th>`).join('');
    const body = rows
      .map((row) => {
        const cells = columns.map((name) => `<td>${escapeHtml(plain(row[name]))}</td>`);
        const links = (fileNames.get(Number(row.id)) ?? [])
          .map((path) => `<a href="${escapeHtml(path)}">${escapeHtml(path.split('/').pop())}</a>`)
          .join('<br>');
        return `<tr>${cells.join('')}<td>${links}</td></tr>`;
      })
      .join('\n');
    sections.push(
      `<h2>${escapeHtml(MODULE_NAMES[target.resource][options.language])} (${rows.length})</h2>\n` +
        `<table><thead><tr>${head}<th>${texts.files}</th></tr></thead><tbody>\n${body}\n</tbody></table>`,
    );
  }
  zip['data.json'] = strToU8(
    JSON.stringify({ madeAt: options.at.toISOString(), kind: options.kind, records: data }, null, 2),
  );
  zip['report.html'] = strToU8(
    `<!doctype html>\n<html lang="${options.language}"><head><meta charset="utf-8"><title>${texts.title}</title>` +
      '<style>body{font-family:sans-serif}table{border-collapse:collapse;margin-bottom:1em}' +
      'td,th{border:1px solid #999;padding:2px 6px;font-size:13px;text-align:left}</style></head><body>\n' +
      `<h1>${texts.title}</h1>\n<p>${texts.made}: ${escapeHtml(options.at.toISOString())}</p>\n` +
      (sections.length > 0 ? sections.join('\n') : `<p>${texts.none}</p>`) +
      '\n</body></html>\n',
  );
  return Buffer.from(zipSync(zip, { level: 6 }));
}
