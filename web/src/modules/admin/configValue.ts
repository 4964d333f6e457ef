import type { ConfigValueType } from '@strazce/contract';

/** The scalar type of a config value type (`LONG_ARRAY` → `LONG`). */
export type ScalarType = 'LONG' | 'STRING' | 'BOOLEAN' | 'DOUBLE';
export type Scalar = number | string | boolean;

export const scalarTypeOf = (type: ConfigValueType): ScalarType => type.replace(/_ARRAY$/, '') as ScalarType;
export const isArrayType = (type: ConfigValueType): boolean => type.endsWith('_ARRAY');

/** A value as the form keeps a JSON field (its JSON text); '' for no value. */
export const toJsonText = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/** The value of a JSON field's text; undefined when empty or not JSON. */
export function fromJsonText(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? undefined;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One value converted to a scalar type when it means the same (`"12"` → 12, `1` → `"1"`); else undefined. */
export function toScalar(value: unknown, type: ScalarType): Scalar | undefined {
  switch (type) {
    case 'LONG':
    case 'DOUBLE': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value.replace(',', '.'))
            : NaN;
      if (!Number.isFinite(number)) return undefined;
      return type === 'LONG' ? Math.round(number) : number;
    }
    case 'BOOLEAN':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return undefined;
    case 'STRING':
      return value === null || value === undefined || typeof value === 'object' ? undefined : String(value);
  }
}

/**
 * A value carried over to another type when the administrator changes the type: what still means the same
 * is kept (a number becomes a one-item list and back), anything else starts empty.
 */
export function convertConfigValue(value: unknown, type: ConfigValueType): unknown {
  const scalar = scalarTypeOf(type);
  if (isArrayType(type)) {
    const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return items.map((item) => toScalar(item, scalar)).filter((item) => item !== undefined);
  }
  const single = Array.isArray(value) ? value[0] : value;
  return toScalar(single, scalar);
}

/** The empty value a new item of a scalar type starts with. */
export function emptyScalar(type: ScalarType): Scalar {
  return type === 'BOOLEAN' ? false : type === 'STRING' ? '' : 0;
}
