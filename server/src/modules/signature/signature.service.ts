import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  checkAttributeValue,
  setValues,
  type ErrorDetail,
  type SignBody,
  type SignatureLocale,
  type SigningForm,
  type ValidateResult,
} from '@strazce/contract';
import type { Db } from '../../db/database';
import { auditRecord } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { sessionOf } from '../../platform/guard';
import type { Job } from '../../platform/jobs';
import { formatSiteDateTime, siteTimeZone } from '../../platform/siteTime';
import { clients, siteModules } from '../../platform/platform.tables';
import type { FileUploads } from '../files/files.routes';
import { queueEmail } from '../messaging/outbox';
import { signatureImage, stampPdf, type TextStamp, type ZoneStamp } from './signature.stamp';
import {
  signatureAttributes,
  signatureDocuments,
  signatureSigned,
  signatureTemplates,
  signatureVersions,
  signatureZones,
} from './signature.tables';

const DAY_MS = 86_400_000;
const MODULE = 'MOD_SIGNATURE' as const;

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The SHA-256 of a stream's content (an uploaded PDF, read as it arrives). */
export async function sha256OfStream(content: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of content) hash.update(chunk);
  return hash.digest('hex');
}

/** What another module asks to have signed (see `prepareSignature`). */
export interface SignatureRequest {
  siteId: number;
  /** The signature document (of the same site). */
  documentId: number;
  /** The language of the template; the version's other template when it has none in this one. */
  locale?: SignatureLocale;
  /** What is signed, as the signing list and the archive show it ("Entry: Jan Novák"). */
  title: string;
  /** The module and record the signed document belongs to (MOD_VISIT and the visit's id). */
  source?: { module: string; id: number };
}

/**
 * THE call to have a document signed (docs/signatures.md, "Signing what other modules produce"): prepares a
 * copy of the document's newest valid version in the transaction `tx` (the caller's, so it commits with the
 * record it belongs to). It then waits on /signatures/signing until it is signed there; the signed PDF is
 * found by `signedOf(source)`. 400 SIGNATURE_NO_TEMPLATE when the document has no valid version with a
 * template; 404 when the document is not a valid one of the site.
 */
export async function prepareSignature(tx: Db, request: SignatureRequest, now: Date): Promise<number> {
  const [document] = await tx
    .select({ id: signatureDocuments.id, maxAgeDays: signatureDocuments.maxAgeDays })
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.id, request.documentId),
        eq(signatureDocuments.siteId, request.siteId),
        eq(signatureDocuments.valid, true),
      ),
    );
  if (!document) throw notFound('Signature document');
  const locale = request.locale ?? 'cs';
  const [template] = await tx
    .select({ id: signatureTemplates.id, locale: signatureTemplates.locale })
    .from(signatureTemplates)
    .innerJoin(signatureVersions, eq(signatureVersions.id, signatureTemplates.versionId))
    .where(and(eq(signatureVersions.documentId, document.id), eq(signatureVersions.valid, true)))
    .orderBy(desc(signatureVersions.id), sql`${signatureTemplates.locale} = ${locale} desc`)
    .limit(1);
  if (!template)
    throw new AppError('SIGNATURE_NO_TEMPLATE', 'The document has no valid version with a template', [
      { path: 'document', message: 'validation.signatureNoTemplate' },
    ]);
  const [created] = await tx
    .insert(signatureSigned)
    .values({
      siteId: request.siteId,
      created: now,
      title: request.title.slice(0, 200),
      documentId: document.id,
      templateId: template.id,
      locale: template.locale,
      status: 'WAITING',
      expires: document.maxAgeDays ? new Date(now.getTime() + document.maxAgeDays * DAY_MS) : null,
      source: request.source?.module ?? null,
      sourceId: request.source?.id ?? null,
    })
    .returning({ id: signatureSigned.id });
  return created.id;
}

/**
 * `prepareSignature` for a record of another module that may or may not use signatures (a visit purpose's
 * entry document): nothing happens (null) when the site has MOD_SIGNATURE off, or the document is not valid or
 * has no template — the record itself is still written.
 */
export async function prepareSignatureIfAvailable(
  tx: Db,
  request: SignatureRequest,
  now: Date,
): Promise<number | null> {
  const [enabled] = await tx
    .select({ siteId: siteModules.siteId })
    .from(siteModules)
    .where(and(eq(siteModules.siteId, request.siteId), eq(siteModules.module, MODULE)));
  if (!enabled) return null;
  try {
    return await prepareSignature(tx, request, now);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'SIGNATURE_NO_TEMPLATE'))
      return null;
    throw error;
  }
}

/**
 * The titles of a record's copies without personal data (an anonymized visit): the caller's neutral title.
 * The signed PDFs keep what was stamped into them until they are shredded.
 */
export async function retitleSigned(
  tx: Db,
  siteId: number,
  source: { module: string; id: number },
  title: string,
): Promise<void> {
  await tx
    .update(signatureSigned)
    .set({ title })
    .where(
      and(
        eq(signatureSigned.siteId, siteId),
        eq(signatureSigned.source, source.module),
        eq(signatureSigned.sourceId, source.id),
      ),
    );
}

async function signedRow(db: Db, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(signatureSigned)
    .where(and(eq(signatureSigned.id, id), eq(signatureSigned.siteId, siteId)));
  if (!row) throw notFound();
  return row;
}

async function templateParts(db: Db, templateId: number) {
  const [zones, attributes] = await Promise.all([
    db
      .select()
      .from(signatureZones)
      .where(eq(signatureZones.templateId, templateId))
      .orderBy(asc(signatureZones.page), asc(signatureZones.y), asc(signatureZones.id)),
    db
      .select()
      .from(signatureAttributes)
      .where(eq(signatureAttributes.templateId, templateId))
      .orderBy(asc(signatureAttributes.page), asc(signatureAttributes.y), asc(signatureAttributes.id)),
  ]);
  return { zones, attributes };
}

/** What a waiting copy asks of the signer: its zones and attributes. */
export async function signingForm(db: Db, siteId: number, id: number): Promise<SigningForm> {
  const row = await signedRow(db, siteId, id);
  const { zones, attributes } = await templateParts(db, row.templateId);
  return {
    zones: zones.map(({ id, name, page, x, y, width, height }) => ({ id, name, page, x, y, width, height })),
    attributes: attributes.map((a) => ({
      id: a.id,
      name: a.name,
      printName: a.printName,
      type: a.type,
      mandatory: a.mandatory,
      min: a.min,
      max: a.max,
      values: setValues(a.values),
    })),
  };
}

/** The template's PDF of a copy (waiting) or its signed PDF (signed); 404 once shredded. */
export async function pdfFileOf(
  db: Db,
  siteId: number,
  id: number,
): Promise<{ fileId: number; name: string }> {
  const row = await signedRow(db, siteId, id);
  if (row.status === 'SIGNED' && row.fileId) return { fileId: row.fileId, name: `${row.title}.pdf` };
  if (row.status === 'WAITING') {
    const [template] = await db
      .select({ fileId: signatureTemplates.fileId })
      .from(signatureTemplates)
      .where(eq(signatureTemplates.id, row.templateId));
    return { fileId: template.fileId, name: `${row.title}.pdf` };
  }
  throw notFound('File');
}

/** A value as stamped: dates and times in the way the spec shows them (DD.MM.YYYY, HH:mm:ss). */
function stampedValue(type: string, value: string | number | boolean, locale: SignatureLocale): string {
  if (type === 'BOOLEAN') return value ? (locale === 'cs' ? 'Ano' : 'Yes') : locale === 'cs' ? 'Ne' : 'No';
  if (type === 'DATE') {
    const [y, m, d] = String(value).split('-');
    return `${d}.${m}.${y}`;
  }
  if (type === 'DATETIME') {
    const [day, time = ''] = String(value).split('T');
    const [y, m, d] = day.split('-');
    return `${d}.${m}.${y} ${time.slice(0, 8)}`.trim();
  }
  if (type === 'FLOAT' && locale === 'cs') return String(value).replace('.', ',');
  return String(value);
}

/**
 * Signs a waiting copy: checks each attribute's value (type, min, max, mandatory: 400 VALIDATION on
 * `values.<id>`) and that every zone is signed (`signatures.<id>`), refuses a copy past its max age (409
 * SIGNATURE_EXPIRED, 'Document has expired') or signed already (409 SIGNATURE_SIGNED), stamps the values and
 * the signature images into the template, stores the signed PDF through the files machinery with its
 * SHA-256 and records who signed, when and on which terminal (the session's browser terminal).
 */
export async function signDocument(
  db: Db,
  files: FileUploads,
  request: FastifyRequest,
  siteId: number,
  id: number,
  body: SignBody,
  now: Date,
): Promise<void> {
  const row = await signedRow(db, siteId, id);
  if (row.status !== 'WAITING') throw new AppError('SIGNATURE_SIGNED', 'The document is signed already');
  if (row.expires && row.expires.getTime() <= now.getTime())
    throw new AppError('SIGNATURE_EXPIRED', 'Document has expired');
  const { zones, attributes } = await templateParts(db, row.templateId);
  const details: ErrorDetail[] = [];
  const values: Record<string, string | number | boolean | null> = {};
  const texts: TextStamp[] = [];
  for (const attribute of attributes) {
    const checked = checkAttributeValue(
      { ...attribute, values: setValues(attribute.values) },
      body.values[String(attribute.id)],
    );
    if ('error' in checked) {
      details.push({ path: `values.${attribute.id}`, message: checked.error, params: checked.params });
      continue;
    }
    values[attribute.name] = checked.value;
    if (attribute.stamp && checked.value !== null) {
      const value = stampedValue(attribute.type, checked.value, row.locale);
      texts.push({
        ...attribute,
        text: attribute.printName ? `${attribute.printName}: ${value}` : value,
      });
    }
  }
  const images: ZoneStamp[] = [];
  for (const zone of zones) {
    const image = body.signatures[String(zone.id)];
    if (!image) {
      details.push({ path: `signatures.${zone.id}`, message: 'validation.signatureRequired' });
      continue;
    }
    // Sized from its header before anything decodes it: a tiny PNG may claim 10,000 × 10,000 px.
    const checked = signatureImage(image);
    if ('error' in checked) details.push({ path: `signatures.${zone.id}`, message: checked.error });
    else images.push({ ...zone, png: checked.png });
  }
  if (details.length > 0) throw new AppError('VALIDATION', 'Invalid values', details);

  const [template] = await db
    .select({ fileId: signatureTemplates.fileId, shredDays: signatureDocuments.shredDays })
    .from(signatureTemplates)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, row.documentId))
    .where(eq(signatureTemplates.id, row.templateId));
  let signed: Uint8Array;
  try {
    signed = await stampPdf(await files.read(template.fileId), texts, images, now);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION', 'A signature image is not a PNG', [
      { path: 'signatures', message: 'validation.signatureImage' },
    ]);
  }
  const sha256 = sha256Of(signed);
  const session = sessionOf(request);
  const [terminal] = session.clientId
    ? await db.select({ name: clients.name }).from(clients).where(eq(clients.id, session.clientId))
    : [];
  await files.storeBytes({
    siteId,
    module: MODULE,
    name: `${row.title}.pdf`.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 255),
    bytes: signed,
    then: async (tx, file) => {
      const changed = await tx
        .update(signatureSigned)
        .set({
          status: 'SIGNED',
          signedAt: now,
          signedBy: session.userName,
          signedByUserId: session.userId,
          terminal: terminal?.name ?? null,
          terminalId: session.clientId,
          fileId: file.id,
          sha256,
          shredDue: template.shredDays ? new Date(now.getTime() + template.shredDays * DAY_MS) : null,
          attributeValues: JSON.stringify(values),
          version: sql`${signatureSigned.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(signatureSigned.id, id), eq(signatureSigned.status, 'WAITING')))
        .returning({ id: signatureSigned.id });
      // Signed meanwhile by another call: this PDF is not kept.
      if (changed.length === 0) throw new AppError('SIGNATURE_SIGNED', 'The document is signed already');
      auditRecord(request, {
        entity: 'signature/signed',
        recordId: id,
        siteId,
        // The business event, never the images or the values (the route records no body).
        changes: {
          status: { from: 'WAITING', to: 'SIGNED' },
          document: { to: row.documentId },
          zones: { to: zones.map((zone) => zone.name) },
          sha256: { to: sha256 },
        },
      });
      await notifySigned(tx, siteId, row.title, session.userName, zones, now);
    },
  });
}

/**
 * Tells each zone's `notification` address that its zone was signed: an e-mail in both languages through the
 * outbox, in the signing's transaction.
 */
async function notifySigned(
  tx: Db,
  siteId: number,
  title: string,
  signedBy: string,
  zones: ReadonlyArray<{ name: string; notification: string | null }>,
  now: Date,
): Promise<void> {
  const notified = zones.filter((zone) => zone.notification?.includes('@'));
  if (notified.length === 0) return;
  const time = formatSiteDateTime(now, await siteTimeZone(tx, siteId));
  for (const zone of notified)
    await queueEmail(tx, {
      siteId,
      recipient: zone.notification!,
      subject: `Podepsáno / Signed: ${title}`,
      body: [
        `Dobrý den,`,
        ``,
        `dokument „${title}“ byl podepsán (zóna ${zone.name}) uživatelem ${signedBy} v ${time}.`,
        ``,
        `---`,
        ``,
        `Hello,`,
        ``,
        `the document "${title}" was signed (zone ${zone.name}) by ${signedBy} at ${time}.`,
      ].join('\n'),
    });
}

/**
 * Whether a PDF of this SHA-256 is an unaltered signed PDF of the site's archive: the hash stored at
 * signing. With `signedId` the hash is compared with that record's hash only.
 */
export async function validateHash(
  db: Db,
  siteId: number,
  sha256: string,
  signedId?: number,
): Promise<ValidateResult> {
  const where = signedId
    ? and(eq(signatureSigned.siteId, siteId), eq(signatureSigned.id, signedId))
    : and(eq(signatureSigned.siteId, siteId), eq(signatureSigned.sha256, sha256));
  const [row] = await db
    .select({
      id: signatureSigned.id,
      title: signatureSigned.title,
      signedAt: signatureSigned.signedAt,
      sha256: signatureSigned.sha256,
    })
    .from(signatureSigned)
    .where(where)
    .limit(1);
  if (signedId && !row) throw notFound();
  return {
    valid: row !== undefined && row.sha256 === sha256,
    sha256,
    signed: row ? { id: row.id, title: row.title, signedAt: row.signedAt?.toISOString() ?? null } : null,
  };
}

/** An archived record's own PDF checked against its stored hash (404 once shredded). */
export async function validateArchived(
  db: Db,
  files: FileUploads,
  siteId: number,
  id: number,
): Promise<ValidateResult> {
  const row = await signedRow(db, siteId, id);
  if (row.status !== 'SIGNED' || !row.fileId) throw notFound('File');
  return validateHash(db, siteId, sha256Of(await files.read(row.fileId)), id);
}

/** How many signed copies one run of the shredding job handles at most (the next run takes the rest). */
const SHRED_BATCH = 500;

/**
 * Shreds the signed PDFs past their document's shred days (`shredDue`): the file row and its content
 * removed, the values the signer typed emptied, the record kept as SHREDDED with the date. Each copy is claimed by an update that only a
 * not-yet-shredded row passes, so two instances never shred the same copy twice; the job runner runs it once
 * per period across the instances anyway.
 */
export async function shredDue(db: Db, files: FileUploads, now: Date): Promise<number> {
  const due = await db
    .select({ id: signatureSigned.id })
    .from(signatureSigned)
    .where(and(isNull(signatureSigned.shreddedAt), lte(signatureSigned.shredDue, now)))
    .orderBy(asc(signatureSigned.shredDue))
    .limit(SHRED_BATCH);
  let shredded = 0;
  for (const { id } of due) {
    const storageKey = await db.transaction(async (tx) => {
      // Locked, and checked again once the lock is held: another instance may have shredded it meanwhile.
      const [row] = await tx
        .select({ fileId: signatureSigned.fileId })
        .from(signatureSigned)
        .where(and(eq(signatureSigned.id, id), isNull(signatureSigned.shreddedAt)))
        .for('update');
      if (!row) return null;
      await tx
        .update(signatureSigned)
        .set({ status: 'SHREDDED', shreddedAt: now, fileId: null, attributeValues: null, updatedAt: now })
        .where(eq(signatureSigned.id, id));
      return row.fileId ? ((await files.deleteRow(tx, row.fileId)) ?? '') : '';
    });
    if (storageKey === null) continue;
    if (storageKey) await files.removeContent(storageKey);
    shredded += 1;
  }
  return shredded;
}

/** The scheduled job of the shredding (hourly). */
export function signatureShredJob(options: { db: Db; files: FileUploads; log: FastifyBaseLogger }): Job {
  return {
    name: 'signature-shred',
    everyMs: 3_600_000,
    async run(at) {
      const shredded = await shredDue(options.db, options.files, at);
      if (shredded > 0) options.log.info({ shredded }, 'signed documents shredded');
    },
  };
}
