import { z } from 'zod';
import type { ModuleCode } from './modules';
import type { Role } from './roles';
import { PAGE_SIZES } from './wire';
import { idSchema, integerQuerySchema } from './wireSchemas';
import {
  ALPHANUMERIC_PATTERN,
  EMAIL_PATTERN,
  PLATE_PATTERN,
  isCurrencyAmount,
  isNotPastDay,
  normalizePlate,
  passwordSchema,
} from './validation';
import { LANG_PARAMETER_VALUES } from './serverTexts';
import type { ErrorDetail } from './errors';
import { isPhoneNumber } from './dialCodes';

/**
 * An entity is declared once here; its API schemas, the server's CRUD routes and the web app's CrudPage are
 * all derived from the declaration.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'color'
  | 'bool'
  | 'int'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'json'
  | 'password'
  | 'multiEnum'
  | 'multiRef';

export type FilterKind = 'eq' | 'contains' | 'range' | 'in';

export interface RefValue {
  id: number;
  label: string;
}

export interface FieldOptions {
  required?: boolean;
  /**
   * A column of the list: `true` shown by default, `'optional'` offered in the column chooser but shown only
   * when the user picks it (a list's default columns fit a 1440 px screen; the ones its users need first).
   */
  list?: boolean | 'optional';
  sort?: boolean;
  filter?: FilterKind;
  /** A unique key (alone, or per site for site-scoped entities); the database enforces it. */
  unique?: boolean;
  /** Set by the server only: returned, never accepted. */
  readOnly?: boolean;
  /** Accepted, never returned (passwords and other secrets); masked in the audit log. */
  writeOnly?: boolean;
  /** Not a column of the entity's table: stored in a link table by the server (roles, memberships). */
  virtual?: boolean;
  /** Value used by the create form and by the server when the field is left out on create. */
  default?: unknown;
}

export interface FieldDef<V = unknown> extends FieldOptions {
  kind: FieldKind;
  /** Schema of the value as stored and returned (nullable unless required). */
  value: z.ZodType<V>;
  /** Schema of the value as accepted on create/update, when it differs from `value` (refs take an id). */
  input?: z.ZodType;
  max?: number;
  min?: number;
  values?: readonly string[];
  /** Resource path of the referenced entity for `ref` fields. */
  ref?: string;
  /**
   * The one stored form of a text value (licence plates: `normalizePlate`): applied to what is accepted and
   * to the field's list filter, so every way of writing a value finds the same rows.
   */
  normalize?: (value: string) => string;
  /**
   * A `date` that must be in the future (spec section 5): a new or changed value before the site's today is
   * refused with `validation.futureDate` (`pastDateProblems`, by the server and by the forms); today is accepted.
   */
  notPast?: boolean;
}

type Nullable<V, O extends FieldOptions> = O extends { required: true } ? V : V | null;

function nullableUnless<T extends z.ZodType>(schema: T, required: boolean | undefined) {
  return (required ? schema : schema.nullable()) as z.ZodType;
}

interface TextOptions extends FieldOptions {
  max?: number;
  min?: number;
  pattern?: RegExp;
  patternMessage?: string;
  /** A rule beyond a pattern (answered with `patternMessage`). */
  check?: (value: string) => boolean;
  normalize?: (value: string) => string;
}

function textField<O extends TextOptions>(
  kind: FieldKind,
  options: O,
  base: z.ZodString,
): FieldDef<Nullable<string, O>> {
  let schema = base.trim();
  const max = options.max ?? (kind === 'textarea' ? 4000 : 255);
  schema = schema.max(max, { message: 'validation.maxLength' });
  if (options.required)
    schema = schema.min(Math.max(1, options.min ?? 1), { message: 'validation.required' });
  else if (options.min) schema = schema.min(options.min, { message: 'validation.minLength' });
  if (options.pattern)
    schema = schema.regex(options.pattern, { message: options.patternMessage ?? 'validation.pattern' });
  if (options.check)
    schema = schema.refine(options.check, { message: options.patternMessage ?? 'validation.pattern' });
  if (options.normalize) schema = schema.overwrite(options.normalize);
  return {
    ...options,
    kind,
    max,
    value: nullableUnless(schema, options.required) as z.ZodType<Nullable<string, O>>,
  };
}

export const text = <O extends TextOptions>(options: O = {} as O) => textField('text', options, z.string());
export const textarea = <O extends TextOptions>(options: O = {} as O) =>
  textField('textarea', options, z.string());
export const email = <O extends TextOptions>(options: O = {} as O) =>
  textField(
    'email',
    { max: 254, ...options, pattern: EMAIL_PATTERN, patternMessage: 'validation.email' },
    z.string(),
  );
export const phone = <O extends TextOptions>(options: O = {} as O) =>
  textField(
    'phone',
    { max: 30, ...options, check: isPhoneNumber, patternMessage: 'validation.phone' },
    z.string(),
  );
/**
 * A code typed by a user (spec section 5: 'alphanumeric only'): letters and digits, no spaces or punctuation
 * (`validation.alphanumeric`). Only for identifiers whose real values are alphanumeric; codes the site makes up
 * with dashes (key codes `K-001`, stock items `SK-001`, cards `H-001`) stay plain text.
 */
export const code = <O extends TextOptions>(options: O = {} as O) =>
  textField(
    'text',
    { ...options, pattern: ALPHANUMERIC_PATTERN, patternMessage: 'validation.alphanumeric' },
    z.string(),
  );
/**
 * A licence plate: letters, digits, spaces and dashes as typed, kept in one normal form (upper case, no spaces
 * or dashes: `normalizePlate`), so '1ab 23-45' and '1AB2345' are one plate wherever plates are looked up.
 */
export const plate = <O extends TextOptions>(options: O = {} as O) =>
  textField(
    'text',
    {
      max: 15,
      ...options,
      pattern: PLATE_PATTERN,
      patternMessage: 'validation.plate',
      normalize: normalizePlate,
    },
    z.string(),
  );
export const color = <O extends TextOptions>(options: O = {} as O) =>
  textField(
    'color',
    { ...options, pattern: /^#[0-9a-fA-F]{6}$/, patternMessage: 'validation.color' },
    z.string(),
  );

/** A new password: accepted on create/update (checked by the password rule), never returned. */
export const password = <O extends FieldOptions>(options: O = {} as O): FieldDef<string | null> => ({
  ...options,
  writeOnly: true,
  kind: 'password',
  value: nullableUnless(passwordSchema, options.required) as z.ZodType<string | null>,
});

export const bool = <O extends FieldOptions>(options: O = {} as O): FieldDef<boolean> => ({
  ...options,
  required: true,
  kind: 'bool',
  default: options.default ?? false,
  value: z.boolean(),
});

interface NumberOptions extends FieldOptions {
  min?: number;
  max?: number;
}

export const int = <O extends NumberOptions>(options: O = {} as O): FieldDef<Nullable<number, O>> => {
  let schema = z.number().int();
  if (options.min !== undefined) schema = schema.min(options.min, { message: 'validation.min' });
  if (options.max !== undefined) schema = schema.max(options.max, { message: 'validation.max' });
  return {
    ...options,
    kind: 'int',
    value: nullableUnless(schema, options.required) as z.ZodType<Nullable<number, O>>,
  };
};

export const decimal = <O extends NumberOptions>(options: O = {} as O): FieldDef<Nullable<number, O>> => {
  let schema = z.number();
  if (options.min !== undefined) schema = schema.min(options.min, { message: 'validation.min' });
  if (options.max !== undefined) schema = schema.max(options.max, { message: 'validation.max' });
  return {
    ...options,
    kind: 'decimal',
    value: nullableUnless(schema, options.required) as z.ZodType<Nullable<number, O>>,
  };
};

/**
 * An amount of money (spec section 5, the currency pattern): a JSON number, not negative, with at most two
 * decimals (`isCurrencyAmount`; the form's number input takes '.' or ',' as the decimal separator). The rule
 * holds for accepted values (`input`): 12.345 is refused with `validation.currency`, never rounded; what is
 * stored reads as it is.
 */
export const money = <O extends NumberOptions>(options: O = {} as O): FieldDef<Nullable<number, O>> => {
  const base = decimal(options);
  let input = z.number();
  if (options.min !== undefined) input = input.min(options.min, { message: 'validation.min' });
  if (options.max !== undefined) input = input.max(options.max, { message: 'validation.max' });
  return {
    ...base,
    // The sign is the bound's (`validation.min`); the decimals are the currency rule's.
    input: nullableUnless(
      input.refine((value) => isCurrencyAmount(Math.abs(value)), { message: 'validation.currency' }),
      options.required,
    ),
  };
};

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const date = <O extends FieldOptions & { notPast?: boolean }>(
  options: O = {} as O,
): FieldDef<Nullable<string, O>> => ({
  ...options,
  kind: 'date',
  // A day of the calendar (not 2026-02-30): the database would refuse it without saying which field.
  value: nullableUnless(z.iso.date({ message: 'validation.date' }), options.required) as z.ZodType<
    Nullable<string, O>
  >,
});

export const datetime = <O extends FieldOptions>(options: O = {} as O): FieldDef<Nullable<string, O>> => ({
  ...options,
  kind: 'datetime',
  value: nullableUnless(
    z.iso.datetime({ offset: true, message: 'validation.datetime' }),
    options.required,
  ) as z.ZodType<Nullable<string, O>>,
});

export const enumOf = <const T extends readonly [string, ...string[]], O extends FieldOptions>(
  values: T,
  options: O = {} as O,
): FieldDef<Nullable<T[number], O>> => ({
  ...options,
  kind: 'enum',
  values,
  value: nullableUnless(z.enum(values, { message: 'validation.enum' }), options.required) as z.ZodType<
    Nullable<T[number], O>
  >,
});

export const ref = <O extends FieldOptions>(
  resource: string,
  options: O = {} as O,
): FieldDef<Nullable<RefValue, O>> => ({
  ...options,
  kind: 'ref',
  ref: resource,
  value: nullableUnless(z.object({ id: z.number().int(), label: z.string() }), options.required) as z.ZodType<
    Nullable<RefValue, O>
  >,
  input: nullableUnless(z.number().int().positive({ message: 'validation.ref' }), options.required),
});

/** A set of fixed values (roles, modules), kept in a link table. */
export const multiEnum = <const T extends readonly [string, ...string[]], O extends FieldOptions>(
  values: T,
  options: O = {} as O,
): FieldDef<T[number][]> => ({
  ...options,
  kind: 'multiEnum',
  virtual: true,
  required: true,
  default: [],
  values,
  value: z.array(z.enum(values, { message: 'validation.enum' })).max(500),
});

/** A set of references to another entity (groups, sites, members), kept in a link table. */
export const multiRef = <O extends FieldOptions>(
  resource: string,
  options: O = {} as O,
): FieldDef<RefValue[]> => ({
  ...options,
  kind: 'multiRef',
  virtual: true,
  required: true,
  default: [],
  ref: resource,
  value: z.array(z.object({ id: z.number().int(), label: z.string() })),
  input: z.array(z.number().int().positive({ message: 'validation.ref' })).max(1000),
});

export const json = <V, O extends FieldOptions>(schema: z.ZodType<V>, options: O = {} as O): FieldDef<V> => ({
  ...options,
  required: true,
  kind: 'json',
  value: schema,
});

export type Fields = Record<string, FieldDef<any>>;

export interface EntityDeclaration<F extends Fields> {
  /** Path under /api, e.g. `system_person` or `visit/purpose`. */
  resource: string;
  module?: ModuleCode;
  /** `site`: rows belong to one site and every call acts on the session's current site. */
  scope: 'site' | 'global';
  read: readonly Role[];
  write: readonly Role[];
  /**
   * Who may delete a record; `write` when left out. Records that must be kept (movements at a gate, visit
   * advices) name only the module's administrator; an empty list: nobody deletes through the API. Whoever
   * may delete, a record still referenced by other records is refused with IN_USE (deactivate it instead).
   */
  delete?: readonly Role[];
  fields: F;
  defaultSort?: { field: keyof F & string; direction: 'asc' | 'desc' };
  /** Translation key prefix for labels; defaults to `entity.<resource>`. */
  i18nKey?: string;
  /**
   * Rules of a record beyond the schemas of its fields (a rule that holds for new values only): run by the
   * server on every create and update, and by the form before it sends. `input` is the body; `existing` the
   * stored record on an update (its plain values by field name), undefined on a create. Field details with
   * `validation.*` keys; none when the input is right.
   */
  check?(input: Record<string, unknown>, existing?: Record<string, unknown>): ErrorDetail[];
}

type ValueOf<D> = D extends FieldDef<infer V> ? V : never;
type InputOf<D> = D extends { kind: 'ref' }
  ? number | null
  : D extends { kind: 'multiRef' }
    ? number[]
    : ValueOf<D>;
type ReadableKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { writeOnly: true } ? never : K;
}[keyof F];
type WritableKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { readOnly: true } ? never : K;
}[keyof F];

export type EntityRecord<F extends Fields> = {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
} & {
  [K in ReadableKeys<F>]: ValueOf<F[K]>;
};
export type EntityInput<F extends Fields> = { [K in WritableKeys<F>]?: InputOf<F[K]> };

export interface ListQuery {
  page: number;
  size: number;
  sort?: { field: string; direction: 'asc' | 'desc' };
  filters: Record<string, unknown>;
}

export interface Entity<F extends Fields = Fields> extends EntityDeclaration<F> {
  i18nKey: string;
  /** Who may delete a record (the declaration's `delete`, else `write`). */
  delete: readonly Role[];
  fieldNames: (keyof F & string)[];
  schemas: {
    record: z.ZodType<EntityRecord<F>>;
    create: z.ZodType<EntityInput<F>>;
    update: z.ZodType<EntityInput<F> & { version: number }>;
    listQuery: z.ZodType<ListQuery>;
  };
}

const queryBool = z.enum(['true', 'false']).transform((value) => value === 'true');
/** A decimal in a query string: an optional minus, digits and an optional fraction after '.'. */
const queryNumber = z
  .string()
  .regex(/^-?[0-9]{1,15}(\.[0-9]{1,15})?$/, { message: 'validation.double' })
  .transform(Number);

function queryValueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'bool':
      return queryBool;
    case 'int':
      return integerQuerySchema;
    case 'ref':
      return idSchema;
    case 'decimal':
      return queryNumber;
    case 'date':
      return z.iso.date({ message: 'validation.date' });
    case 'datetime':
      return z.iso.datetime({ offset: true, message: 'validation.datetime' });
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    default:
      return field.normalize ? z.string().max(255).overwrite(field.normalize) : z.string().max(255);
  }
}

/**
 * 'Date must be in the future' (fields declared `notPast`): each such date of `input` that is new (a create, or
 * a value other than the stored one in `existing`) and before `today` (the site's day, YYYY-MM-DD). A stored
 * day left as it is stays (an ongoing multiple-entry advice keeps its first day when its end is moved).
 */
export function pastDateProblems(
  entity: Pick<Entity, 'fields'>,
  input: Record<string, unknown>,
  today: string,
  existing?: Record<string, unknown>,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.notPast) continue;
    const value = input[name];
    if (typeof value !== 'string' || (existing && existing[name] === value)) continue;
    if (!isNotPastDay(value, today)) problems.push({ path: name, message: 'validation.futureDate' });
  }
  return problems;
}

/** Whether an entity has dates that must be in the future (the server reads the site's today only then). */
export function hasNotPastDates(entity: Pick<Entity, 'fields'>): boolean {
  return Object.values(entity.fields).some((field) => field.notPast);
}

/** Names of the query parameters a field's filter accepts. */
export function filterParams(name: string, field: FieldDef): string[] {
  if (!field.filter) return [];
  return field.filter === 'range' ? [`${name}From`, `${name}To`] : [name];
}

export function defineEntity<const F extends Fields>(declaration: EntityDeclaration<F>): Entity<F> {
  const fieldNames = Object.keys(declaration.fields) as (keyof F & string)[];
  const recordShape: Record<string, z.ZodType> = {
    id: z.number().int(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  };
  const inputShape: Record<string, z.ZodType> = {};
  const queryShape: Record<string, z.ZodType> = {
    page: integerQuerySchema.pipe(z.number().min(1, { message: 'validation.min' })).default(1),
    size: integerQuerySchema
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { message: 'validation.pageSize' })
      .default(PAGE_SIZES[0]),
    sort: z.string().optional(),
  };
  const sortable = new Set<string>(['id']);
  for (const name of fieldNames) {
    const field = declaration.fields[name];
    if (!field.writeOnly) recordShape[name] = field.value;
    if (!field.readOnly) {
      const input = field.input ?? field.value;
      inputShape[name] = field.required && field.default === undefined ? input : input.optional();
    }
    if (field.sort) sortable.add(name);
    if (field.filter) {
      const valueSchema = field.filter === 'in' ? z.string().max(2000) : queryValueSchema(field);
      for (const param of filterParams(name, field)) queryShape[param] = valueSchema.optional();
    }
  }

  const listQuery = z.strictObject(queryShape).transform((query, ctx): ListQuery => {
    const { page, size, sort, ...rest } = query as { page: number; size: number; sort?: string } & Record<
      string,
      unknown
    >;
    let parsedSort: ListQuery['sort'];
    if (sort) {
      const [field, direction = 'asc'] = sort.split(',');
      if (!sortable.has(field) || (direction !== 'asc' && direction !== 'desc')) {
        ctx.addIssue({ code: 'custom', path: ['sort'], message: 'validation.sort' });
        return z.NEVER;
      }
      parsedSort = { field, direction };
    }
    const filters: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) filters[key] = value;
    return { page, size, sort: parsedSort, filters };
  });

  const create = z.strictObject(inputShape);
  const update = z.strictObject({
    ...Object.fromEntries(Object.entries(inputShape).map(([key, schema]) => [key, schema.optional()])),
    version: z.number().int().min(0),
  });

  return {
    ...declaration,
    i18nKey: declaration.i18nKey ?? `entity.${declaration.resource}`,
    delete: declaration.delete ?? declaration.write,
    fieldNames,
    schemas: {
      record: z.object(recordShape) as unknown as z.ZodType<EntityRecord<F>>,
      create: create as unknown as z.ZodType<EntityInput<F>>,
      update: update as unknown as z.ZodType<EntityInput<F> & { version: number }>,
      listQuery: listQuery as unknown as z.ZodType<ListQuery>,
    },
  };
}

/** The query of a list's CSV export: the list's own filters and sort, and the language of the file. */
export type ExportQuery = ListQuery & { lang?: (typeof LANG_PARAMETER_VALUES)[number] };

/**
 * The query of a CSV export of a list (`GET /api/<resource>/export`): what the list takes, plus `lang`, the
 * language of the headers and values (cs: `;` separated for Czech Excel; en: `,`). Without `lang` the server
 * goes by Accept-Language.
 */
export function exportQuerySchema(listQuery: z.ZodType<ListQuery>): z.ZodType<ExportQuery> {
  // The list's own parameters (as the API description shows them) and `lang`; then the list's own turn of
  // its parsed parameters into the list query (sort, filters).
  const list = listQuery as unknown as z.ZodPipe<z.ZodObject, z.ZodType<ListQuery>>;
  return z
    .strictObject({ ...list.in.shape, lang: z.enum(LANG_PARAMETER_VALUES).optional() })
    .transform((query, ctx) => {
      const { lang, ...rest } = query;
      const parsed = list.out.safeParse(rest);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
        return z.NEVER;
      }
      return (lang ? { ...parsed.data, lang } : parsed.data) as ExportQuery;
    }) as unknown as z.ZodType<ExportQuery>;
}
