import {
  LOGISTICS_TRANSPORT_ATTRIBUTES,
  logisticsTransport,
  type ErrorDetail,
  type LogisticsTransportAttribute,
} from '@strazce/contract';
import { toFormValue, toInputValue, type Row } from '../../components/crud/fieldWire';

/** How an attribute shows in a workflow operation's editor. */
export type AttributeMode = 'compulsory' | 'locked' | 'automatic' | 'free';

/** The parts of a workflow operation its editor needs (as `/api/logistics/transport/:id/workflow` gives them). */
export interface WorkflowOperation {
  id: number;
  name: string;
  color?: string | null;
  compulsoryAttributes?: readonly string[] | null;
  lockedAttributes?: readonly string[] | null;
  automaticAttributes?: readonly string[] | null;
  requireConfirmation?: boolean | null;
  withoutEditor?: boolean | null;
}

/** The mode of every transport attribute in the operation's editor (automatic wins, then locked). */
export function attributeModes(
  operation: WorkflowOperation | null,
): Record<LogisticsTransportAttribute, AttributeMode> {
  const has = (list: readonly string[] | null | undefined, name: string) => (list ?? []).includes(name);
  return Object.fromEntries(
    LOGISTICS_TRANSPORT_ATTRIBUTES.map((name) => [
      name,
      has(operation?.automaticAttributes, name)
        ? 'automatic'
        : has(operation?.lockedAttributes, name)
          ? 'locked'
          : has(operation?.compulsoryAttributes, name)
            ? 'compulsory'
            : 'free',
    ]),
  ) as Record<LogisticsTransportAttribute, AttributeMode>;
}

/** The transport's attribute values as the editor's form holds them (dates as pickers' values, refs as ids). */
export function editorValues(transport: Row): Record<string, unknown> {
  return Object.fromEntries(
    LOGISTICS_TRANSPORT_ATTRIBUTES.map((name) => [
      name,
      toFormValue(logisticsTransport.fields[name], transport[name]),
    ]),
  );
}

/** An attribute value left empty. */
export function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The compulsory attributes the form leaves empty. */
export function missingCompulsory(
  modes: Record<LogisticsTransportAttribute, AttributeMode>,
  values: Record<string, unknown>,
): LogisticsTransportAttribute[] {
  return LOGISTICS_TRANSPORT_ATTRIBUTES.filter(
    (name) =>
      modes[name] === 'compulsory' && isEmpty(toInputValue(logisticsTransport.fields[name], values[name])),
  );
}

/**
 * The `values` of an execute or edit body: the attributes the user may set (compulsory and free), as the API
 * takes them. Locked ones are the transport's and automatic ones the server's: neither is sent.
 */
export function operationValues(
  modes: Record<LogisticsTransportAttribute, AttributeMode>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of LOGISTICS_TRANSPORT_ATTRIBUTES) {
    if (modes[name] !== 'compulsory' && modes[name] !== 'free') continue;
    const converted = toInputValue(logisticsTransport.fields[name], values[name]);
    if (converted !== undefined) body[name] = converted;
  }
  return body;
}

/** The note of an execute or edit body: trimmed, null when empty. */
export function noteValue(note: unknown): string | null {
  return typeof note === 'string' && note.trim() !== '' ? note.trim() : null;
}

/**
 * The server's 400 details of an execute or edit on the editor's fields: an attribute's (`ramp`, or
 * `values.ramp`) on the attribute. (A bare `note` is the transport's note: the log entry's is limited by its
 * input.)
 */
export function operationErrorDetails(details: readonly ErrorDetail[] | undefined): ErrorDetail[] {
  return (details ?? []).map((detail) => ({
    ...detail,
    path: detail.path.startsWith('values.') ? detail.path.slice('values.'.length) : detail.path,
  }));
}

/** The form field of the log entry's note (the transport has a `note` attribute of its own). */
export const LOG_NOTE = 'logNote';

const EDITOR_ORDER: Record<AttributeMode, number> = { compulsory: 0, free: 1, locked: 2, automatic: 3 };

/** The attributes the editor shows (the automatic ones are only named): compulsory first, locked last. */
export function editorAttributes(
  modes: Record<LogisticsTransportAttribute, AttributeMode>,
): LogisticsTransportAttribute[] {
  return LOGISTICS_TRANSPORT_ATTRIBUTES.filter((name) => modes[name] !== 'automatic').sort(
    (a, b) => EDITOR_ORDER[modes[a]] - EDITOR_ORDER[modes[b]],
  );
}
