import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { pastDateProblems, type Entity, type ErrorDetail } from '@strazce/contract';
import { toWireDate } from '../../lib/format';
import { INVALID_JSON } from './fieldWire';

/** A message of a form: a translation key under `validation.*` and its parameters. */
export interface ValidationMessage {
  key: string;
  params?: Record<string, unknown>;
}

/** Errors of one form: per field name, plus those that belong to no field (shown above the form). */
export interface FormErrors {
  fields: Record<string, ValidationMessage[]>;
  form: ValidationMessage[];
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A translation key and its parameters from a message of the contract (`validation.<rule>`, or
 * `validation.unknownField:<names>` from the server). Bounds come from the field declaration.
 */
export function messageOf(message: string, entity?: Entity, fieldName?: string): ValidationMessage {
  const field = fieldName ? entity?.fields[fieldName] : undefined;
  const [key, argument] = message.split(':', 2);
  if (!key.startsWith('validation.')) return { key: 'validation.invalid' };
  const params: Record<string, unknown> = {};
  if (field?.max !== undefined) params.max = field.max;
  if (field?.min !== undefined) params.min = field.min;
  if (argument !== undefined) params.fields = argument;
  return Object.keys(params).length > 0 ? { key, params } : { key };
}

/** The plural count of a message (i18next picks the form by `count`): a length bound counts characters. */
const COUNTED_BY: Record<string, string> = { 'validation.minLength': 'min', 'validation.maxLength': 'max' };

/**
 * A validation message in the current language, 'Neplatná hodnota' when it has no text: with its parameters and,
 * for a message whose text counts something, `count` (`Alespoň 3 znaky`, `Alespoň 5 znaků`). Every form
 * translates its messages here.
 */
export function validationText(t: TFunction, key: string, params?: Record<string, unknown>): string {
  const counted = COUNTED_BY[key];
  const values = counted && params?.[counted] !== undefined ? { ...params, count: params[counted] } : params;
  return t(key, { ...values, defaultValue: t('validation.invalid') });
}

/** The issue codes about a value's type or form: on an empty value they mean it is missing. */
const VALUE_FORM_CODES = new Set<string>(['invalid_type', 'invalid_value', 'invalid_format']);

/** The `validation.*` key of one zod issue: the contract's own message, or one derived from the issue code. */
function issueKey(issue: z.core.$ZodIssue, value: unknown): string {
  // A required text with a minimum length says "required" for any short value; a non-empty one is too short.
  if (
    issue.code === 'too_small' &&
    issue.message === 'validation.required' &&
    !isEmpty(String(value ?? '').trim())
  )
    return issue.origin === 'string' ? 'validation.minLength' : 'validation.min';
  // An empty required date, choice or formatted text is missing, not malformed: "required", not the schema's
  // 'Invalid date' / 'Invalid choice' (a refinement of the form, code 'custom', keeps its own message).
  if (isEmpty(value) && VALUE_FORM_CODES.has(issue.code)) return 'validation.required';
  if (issue.message.startsWith('validation.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(value) ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      return issue.origin === 'string' ? 'validation.minLength' : 'validation.min';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.maxLength' : 'validation.max';
    case 'invalid_value':
      return 'validation.enum';
    case 'invalid_format':
      return 'validation.pattern';
    default:
      return 'validation.invalid';
  }
}

function emptyErrors(): FormErrors {
  return { fields: {}, form: [] };
}

function add(errors: FormErrors, field: string | undefined, message: ValidationMessage): void {
  if (!field) {
    errors.form.push(message);
    return;
  }
  const list = (errors.fields[field] ??= []);
  if (!list.some((item) => item.key === message.key)) list.push(message);
}

/** Zod issues of the request body → errors per form field (nested paths such as `roles.3` belong to `roles`). */
export function issuesToFormErrors(
  issues: readonly z.core.$ZodIssue[],
  input: Record<string, unknown>,
  entity: Entity,
): FormErrors {
  const errors = emptyErrors();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      add(errors, undefined, { key: 'validation.unknownField', params: { fields: issue.keys.join(', ') } });
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    const known = field !== undefined && field in entity.fields ? field : undefined;
    const message = messageOf(issueKey(issue, known ? input[known] : undefined), entity, known);
    // A bound the field does not declare (a nested schema's) comes from the issue itself.
    if ((issue.code === 'too_small' || issue.code === 'too_big') && message.key in COUNTED_BY) {
      const name = issue.code === 'too_small' ? 'min' : 'max';
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      if (message.params?.[name] === undefined) message.params = { ...message.params, [name]: Number(bound) };
    }
    add(errors, known, message);
  }
  return errors;
}

/** The server's 400 VALIDATION details → errors per form field; unknown paths go to the whole form. */
export function detailsToFormErrors(details: readonly ErrorDetail[] | undefined, entity: Entity): FormErrors {
  const errors = emptyErrors();
  for (const detail of details ?? []) {
    const field = detail.path.split('.')[0];
    const known = field && field in entity.fields ? field : undefined;
    add(errors, known, messageOf(detail.message, entity, known));
  }
  if (errors.form.length === 0 && Object.keys(errors.fields).length === 0)
    errors.form.push({ key: 'validation.invalid' });
  return errors;
}

export function hasErrors(errors: FormErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0;
}

/**
 * Validates a request body with the same zod schema the server uses (`entity.schemas.create/update`), the
 * entity's own rules (`check`; `existing`: the record being edited) and its dates that must be in the future
 * (`notPast`, against `today`: the site's day, by default now's). A JSON field whose text does not parse is
 * reported before the schema runs.
 */
export function validateInput(
  schema: z.ZodType,
  input: Record<string, unknown>,
  entity: Entity,
  existing?: Record<string, unknown>,
  today?: string,
): FormErrors {
  const errors = emptyErrors();
  for (const [name, value] of Object.entries(input))
    if (value === INVALID_JSON) add(errors, name, { key: 'validation.json' });
  if (hasErrors(errors)) return errors;
  const result = schema.safeParse(input);
  const checked = result.success ? errors : issuesToFormErrors(result.error.issues, input, entity);
  const ruled = [
    ...(entity.check?.(input, existing) ?? []),
    ...pastDateProblems(entity, input, today ?? toWireDate(new Date())!, existing),
  ];
  for (const detail of ruled) {
    const field = detail.path.split('.')[0];
    if (!checked.fields[field]?.length)
      add(checked, field in entity.fields ? field : undefined, messageOf(detail.message, entity, field));
  }
  return checked;
}
