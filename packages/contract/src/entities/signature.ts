import { z } from 'zod';
import { bool, datetime, decimal, defineEntity, email, enumOf, int, ref, text, textarea } from '../entity';
import type { ErrorDetail } from '../errors';
import type { ModuleCode } from '../modules';
import type { Role } from '../roles';

/**
 * Signatures (MOD_SIGNATURE, spec: /signatures/... and `/signature (document, version, template, zone,
 * attribute, signed, validate)`): documents with their versions, a PDF template per version and language with
 * the signature zones and the attributes placed on its pages, the documents waiting for a signature, and the
 * archive of signed PDFs with their SHA-256. See docs/signatures.md.
 *
 * Coordinates (one convention, everywhere): zones and attributes are kept in PDF points (1/72 inch) of the
 * page as shown, with the origin in the page's TOP-LEFT corner and y growing downwards (as on the screen).
 * The web app shows a page at `PDF_SCALE` (1 point = 0.75 CSS px) and divides by it; the server turns y into
 * PDF user space (origin bottom-left) when it stamps: `pdfY = pageHeight - y - height`.
 */
export const SIG_ADMIN = ['SIG_ADMIN'] as const;
/** Who reads documents, templates and the archive (/signatures/archive). */
export const SIG_READ = ['SIG_ADMIN', 'SIG_USER', 'SIG_VIEW'] as const;
/** Who prepares a document for signing and signs it (/signatures/signing). */
export const SIG_SIGN = ['SIG_ADMIN', 'SIG_USER'] as const;

/** The scale pages of a PDF are shown at (spec: 'PDF scale: 0.75'): CSS pixels per PDF point. */
export const PDF_SCALE = 0.75;

export const SIGNATURE_LOCALES = ['cs', 'en'] as const;
export type SignatureLocale = (typeof SIGNATURE_LOCALES)[number];

export const SIGNATURE_ATTRIBUTE_TYPES = [
  'TEXT',
  'INTEGER',
  'BOOLEAN',
  'FLOAT',
  'SET',
  'DATE',
  'DATETIME',
  'TIME',
] as const;
export type SignatureAttributeType = (typeof SIGNATURE_ATTRIBUTE_TYPES)[number];

/** WAITING: prepared, not signed yet; SIGNED: signed, its PDF archived; SHREDDED: the PDF removed. */
export const SIGNED_STATUSES = ['WAITING', 'SIGNED', 'SHREDDED'] as const;
export type SignedStatus = (typeof SIGNED_STATUSES)[number];

/** The largest page coordinate or size in points (an A0 page is 2384 points high). */
const MAX_POINTS = 14_400;
const points = (required: boolean) =>
  required
    ? decimal({ required: true, min: 0, max: MAX_POINTS, list: true })
    : decimal({ min: 0, max: MAX_POINTS, list: true });

const setUp = { module: 'MOD_SIGNATURE', scope: 'site', read: SIG_READ, write: SIG_ADMIN } as const;

/**
 * A document to be signed: how long a prepared copy may wait for its signature (`maxAgeDays`: past it, 'Document
 * has expired') and how long a signed copy is kept (`shredDays` after signing, then its PDF is shredded).
 * `version` is its newest valid version's name (read-only).
 */
export const signatureDocument = defineEntity({
  ...setUp,
  resource: 'signature/document',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    shredDays: int({ min: 1, max: 36_500, list: true, sort: true }),
    maxAgeDays: int({ min: 1, max: 3650, list: true, sort: true }),
    version: text({ readOnly: true, list: true }),
    description: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * A module's read-only picker of the site's signature documents (a visit purpose's entry document, a key type's
 * handover protocol): read by that module's administrator without a signature role, under that module.
 */
export function signatureDocumentPicker<const R extends string>(
  resource: R,
  module: ModuleCode,
  read: readonly Role[],
) {
  return defineEntity({
    resource,
    module,
    scope: 'site',
    read,
    write: [],
    defaultSort: { field: 'name', direction: 'asc' },
    i18nKey: 'entity.signature/document',
    fields: {
      name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
      valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
    },
  });
}

/** The documents a visit purpose names (VISIT_ADMIN, /visits/purposes). */
export const visitSignatureDocument = signatureDocumentPicker('visit/signature_document', 'MOD_VISIT', [
  'VISIT_ADMIN',
]);
/** The handover protocols a key type names (KM_ADMIN, /keys/keytypes). */
export const keySignatureDocument = signatureDocumentPicker('keymanagement/signature_document', 'MOD_KM', [
  'KM_ADMIN',
]);

/** The handover documents a stock category names (STOCK_ADMIN, /stock/categories). */
export const stockSignatureDocument = signatureDocumentPicker('stock/signature_document', 'MOD_STOCK', [
  'STOCK_ADMIN',
]);

/** A version of a document; its templates (one per language) carry the zones and attributes. */
export const signatureVersion = defineEntity({
  ...setUp,
  resource: 'signature/version',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    document: ref('signature/document', { required: true, list: true, sort: true, filter: 'eq' }),
    name: text({ required: true, max: 50, list: true, sort: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

/**
 * A PDF template of a version in one language. It is created by an upload (`POST /api/signature/template`,
 * multipart: `file` and the fields `version` and `locale`) through the files machinery; `fileName` and `pages`
 * (the number of its pages) are the server's.
 */
export const signatureTemplate = defineEntity({
  ...setUp,
  resource: 'signature/template',
  defaultSort: { field: 'version', direction: 'asc' },
  fields: {
    version: ref('signature/version', { required: true, list: true, sort: true, filter: 'eq' }),
    locale: enumOf(SIGNATURE_LOCALES, { required: true, default: 'cs', list: true, filter: 'eq' }),
    fileName: text({ readOnly: true, list: true }),
    pages: int({ readOnly: true, list: true }),
  },
});

/** The multipart fields of a template's upload besides `file`. */
export const signatureTemplateUploadSchema = z.strictObject({
  version: z.coerce.number().int().positive({ message: 'validation.ref' }),
  locale: z.enum(SIGNATURE_LOCALES, { message: 'validation.enum' }),
});

/** A signature zone on a page of a template (points, top-left origin); `notification` is told when it is signed. */
export const signatureZone = defineEntity({
  ...setUp,
  resource: 'signature/zone',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    template: ref('signature/template', { required: true, list: true, filter: 'eq' }),
    name: text({ required: true, max: 100, list: true, sort: true }),
    page: int({ required: true, min: 1, max: 10_000, list: true }),
    x: points(true),
    y: points(true),
    width: decimal({ required: true, min: 10, max: MAX_POINTS, list: true }),
    height: decimal({ required: true, min: 10, max: MAX_POINTS, list: true }),
    notification: email({ list: true }),
  },
});

/**
 * A value the signer fills, stamped on a page at (x, y) (the top-left corner of its text, in points) when
 * `stamp` is set, as `printName: value` (or the value alone without a print name). `min` and `max` bound a
 * TEXT's length and an INTEGER's or FLOAT's value; `values` are a SET's choices separated by semicolons.
 */
export const signatureAttribute = defineEntity({
  ...setUp,
  resource: 'signature/attribute',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    template: ref('signature/template', { required: true, list: true, filter: 'eq' }),
    name: text({ required: true, max: 100, list: true, sort: true }),
    printName: text({ max: 100, list: true }),
    type: enumOf(SIGNATURE_ATTRIBUTE_TYPES, { required: true, default: 'TEXT', list: true }),
    mandatory: bool({ list: true }),
    stamp: bool({ default: true, list: true }),
    page: int({ required: true, min: 1, max: 10_000, list: true }),
    x: points(true),
    y: points(true),
    fontSize: int({ required: true, default: 10, min: 4, max: 72, list: true }),
    bold: bool(),
    italic: bool(),
    underline: bool(),
    min: decimal({ min: -1e12, max: 1e12, list: true }),
    max: decimal({ min: -1e12, max: 1e12, list: true }),
    values: text({ max: 2000, list: true }),
  },
});

/** The choices of a SET attribute: its `values` split at semicolons, trimmed, empty ones left out. */
export function setValues(values: string | null | undefined): string[] {
  return (values ?? '')
    .split(';')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * The rules of an attribute across its fields (spec: max not smaller than min; SET needs values), on the
 * values as they will be: each a field detail with its validation key. The page's existence is checked against
 * the template's page count by `pageRule`.
 */
export function attributeRules(values: {
  type?: string | null;
  min?: number | null;
  max?: number | null;
  values?: string | null;
}): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (values.min != null && values.max != null && values.max < values.min)
    details.push({ path: 'max', message: 'validation.maxBelowMin' });
  if (values.type === 'SET' && setValues(values.values).length === 0)
    details.push({ path: 'values', message: 'validation.setValues' });
  return details;
}

/** The page must exist in the template ('The selected page must exist in the document'). */
export function pageRule(page: number | null | undefined, pages: number): ErrorDetail[] {
  return page != null && page > pages
    ? [{ path: 'page', message: 'validation.pageMissing', params: { pages } }]
    : [];
}

/**
 * A copy of a document prepared for signing (WAITING), then signed (SIGNED: its stamped PDF archived with its
 * SHA-256, who signed it, when and on which terminal) and finally shredded (SHREDDED: the PDF removed past the
 * document's shred days, the record kept with the date). `source` and `sourceId` name the record of another
 * module it belongs to (a visit's entry: MOD_VISIT and the visit's id).
 */
export const signatureSigned = defineEntity({
  resource: 'signature/signed',
  module: 'MOD_SIGNATURE',
  scope: 'site',
  read: SIG_READ,
  write: SIG_SIGN,
  delete: [],
  defaultSort: { field: 'created', direction: 'desc' },
  fields: {
    created: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    title: text({ required: true, max: 200, list: true, sort: true, filter: 'contains' }),
    document: ref('signature/document', { required: true, list: true, sort: true, filter: 'eq' }),
    template: ref('signature/template', { readOnly: true }),
    locale: enumOf(SIGNATURE_LOCALES, { required: true, default: 'cs', list: true }),
    status: enumOf(SIGNED_STATUSES, { readOnly: true, list: true, sort: true, filter: 'eq' }),
    expires: datetime({ readOnly: true, list: true, sort: true }),
    signedAt: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    signedBy: text({ readOnly: true, list: true }),
    terminal: text({ readOnly: true, list: 'optional' }),
    sha256: text({ readOnly: true }),
    shreddedAt: datetime({ readOnly: true, list: 'optional', sort: true }),
    source: text({ readOnly: true, list: 'optional', filter: 'eq' }),
    sourceId: int({ readOnly: true, filter: 'eq' }),
  },
});

/** A zone as the signer sees it: where to sign. */
export const signingZoneSchema = z.object({
  id: z.number(),
  name: z.string(),
  page: z.number(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
/** An attribute as the signer fills it. */
export const signingAttributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  printName: z.string().nullable(),
  type: z.enum(SIGNATURE_ATTRIBUTE_TYPES),
  mandatory: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  values: z.array(z.string()),
});
/** `GET /api/signature/signed/:id/form`: what a waiting document asks of the signer. */
export const signingFormSchema = z.object({
  zones: z.array(signingZoneSchema),
  attributes: z.array(signingAttributeSchema),
});
export type SigningForm = z.infer<typeof signingFormSchema>;
export type SigningAttribute = z.infer<typeof signingAttributeSchema>;

/**
 * The largest signature image: at most 2,000 px a side and 2,000,000 px in all (a signature pad needs about
 * 2,000 × 1,000 px). The signing canvas draws at most this; the server refuses larger images from the PNG's
 * header, before decoding them.
 */
export const SIGNATURE_IMAGE_MAX_PX = 2000;
export const SIGNATURE_IMAGE_MAX_PIXELS = 2_000_000;

/** A PNG image as a data URL (a zone's signature drawn on the canvas), at most 2 MB of text. */
const pngDataUrl = z
  .string()
  .max(2_000_000, { message: 'validation.maxLength' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { message: 'validation.signatureImage' });

/**
 * `POST /api/signature/signed/:id/sign`: the attributes' values by attribute id (as typed: text, number,
 * boolean; DATE `YYYY-MM-DD`, DATETIME ISO 8601, TIME `HH:mm` or `HH:mm:ss`) and each zone's signature image
 * by zone id.
 */
export const signBodySchema = z.strictObject({
  values: z.record(z.string(), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])),
  signatures: z.record(z.string(), pngDataUrl),
});
export type SignBody = z.infer<typeof signBodySchema>;

/** `POST /api/signature/signed`: prepares a copy of a document for signing. */
export const prepareSignedSchema = z.strictObject({
  document: z.number().int().positive({ message: 'validation.ref' }),
  locale: z.enum(SIGNATURE_LOCALES, { message: 'validation.enum' }).optional(),
  title: z.string().trim().min(1, { message: 'validation.required' }).max(200),
});

/** `/api/signature/validate`: whether a PDF is the unaltered signed document of the archive. */
export const validateResultSchema = z.object({
  valid: z.boolean(),
  sha256: z.string(),
  /** The archived signed document with this hash (or the one asked about), if any. */
  signed: z.object({ id: z.number(), title: z.string(), signedAt: z.string().nullable() }).nullable(),
});
export type ValidateResult = z.infer<typeof validateResultSchema>;

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_VALUE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/**
 * Checks one attribute's value by its type, `min`, `max` and `mandatory`, and answers it normalized for
 * stamping (null: empty), or the validation key of what is wrong. Shared by the signing form and the server.
 */
export function checkAttributeValue(
  attribute: Pick<SigningAttribute, 'type' | 'mandatory' | 'min' | 'max' | 'values'>,
  raw: unknown,
): { value: string | number | boolean | null } | { error: string; params?: Record<string, number> } {
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
  if (attribute.type === 'BOOLEAN') {
    const value = raw === true || raw === 'true';
    if (attribute.mandatory && !value) return { error: 'validation.required' };
    if (!empty && typeof raw !== 'boolean' && raw !== 'true' && raw !== 'false')
      return { error: 'validation.boolean' };
    return { value };
  }
  if (empty) return attribute.mandatory ? { error: 'validation.required' } : { value: null };
  const { min, max } = attribute;
  switch (attribute.type) {
    case 'TEXT': {
      const value = String(raw).trim();
      if (min != null && value.length < min) return { error: 'validation.minLength', params: { min } };
      if (max != null && value.length > max) return { error: 'validation.maxLength', params: { max } };
      return { value };
    }
    case 'INTEGER':
    case 'FLOAT': {
      const value = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(',', '.'));
      if (!Number.isFinite(value)) return { error: 'validation.double' };
      if (attribute.type === 'INTEGER' && !Number.isInteger(value)) return { error: 'validation.integer' };
      if (min != null && value < min) return { error: 'validation.min', params: { min } };
      if (max != null && value > max) return { error: 'validation.max', params: { max } };
      return { value };
    }
    case 'SET': {
      const value = String(raw);
      return attribute.values.includes(value) ? { value } : { error: 'validation.enum' };
    }
    case 'DATE': {
      const value = String(raw);
      return DATE_VALUE.test(value) && z.iso.date().safeParse(value).success
        ? { value }
        : { error: 'validation.date' };
    }
    case 'DATETIME': {
      const value = String(raw);
      return z.iso.datetime({ offset: true }).safeParse(value).success ||
        z.iso.datetime({ local: true }).safeParse(value).success
        ? { value }
        : { error: 'validation.datetime' };
    }
    case 'TIME': {
      const value = String(raw);
      return TIME_VALUE.test(value) ? { value } : { error: 'validation.timeOfDay' };
    }
  }
}
