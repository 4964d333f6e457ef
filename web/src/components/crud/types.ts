import type { ReactElement, ReactNode } from 'react';
import type { Entity } from '@strazce/contract';
import type { ApiError } from '../../lib/api';
import type { DialogMode, Row } from './fieldWire';
import type { FilterValue, SortState } from './tableState';

/** What an extension (row action, toolbar button) may do with the page. */
export interface CrudPageApi {
  /** Reloads the list (and reference pickers of this entity). */
  refresh(): void;
  /** Opens a dialog of the page: create (record null), edit, clone, preview. */
  open(mode: DialogMode, record?: Row | null): void;
  /** Whether the user may write the entity (its `write` roles and module). */
  canWrite: boolean;
  /** The query of the list as shown (sort and filters), e.g. for an export of the same rows. */
  listQuery: Record<string, string | number>;
}

/** What a custom dialog of a page gets (see `CrudPageProps.dialog`). */
export interface CrudDialogContext {
  mode: DialogMode;
  record: Row | null;
  canWrite: boolean;
  onClose(): void;
  /** Switches the open dialog to another kind (preview → edit). */
  onSwitch(mode: DialogMode, record: Row): void;
}

/** An extra action in every row (after preview, edit, clone and delete). */
export interface RowAction {
  key: string;
  /** Tooltip and accessible name. */
  label: string;
  icon: ReactNode;
  danger?: boolean;
  /** `data-testid` of the button (browser tests). */
  testId?: string;
  /** Shown only when true (default: shown). */
  visible?(record: Row, page: CrudPageApi): boolean;
  onClick(record: Row, page: CrudPageApi): void;
}

/** The context a custom form item is built in. */
export interface FormItemContext {
  entity: Entity;
  name: string;
  mode: DialogMode;
  record: Row | null;
  disabled: boolean;
}

/** A group of fields shown as one tab of the dialog. */
export interface FormTab {
  key: string;
  /** Translated title. */
  title: string;
  fields: string[];
  /** Parts of the form after the tab's fields that are not entity fields (a list of companions). */
  extra?: ReactNode;
}

export interface CrudPageProps {
  entity: Entity;
  /** Page title; the entity's translated title by default. */
  title?: ReactNode;
  /** Key of the remembered table state; the route path and resource by default. */
  stateKey?: string;
  /**
   * Columns in order; the fields marked `list` by default. A name that is no field of the entity is a column of
   * the page's own (a duration from two fields): its `render`, `columnTitles` and `columnWidths` make it.
   */
  columns?: string[];
  /**
   * Columns offered in the column chooser but hidden until the user picks them, when the page's list differs
   * from the declaration's (its fields marked `list: 'optional'` by default): a second tab of one entity.
   */
  optionalColumns?: string[];
  /** Sort when the screen has no remembered state; the entity's `defaultSort` by default. */
  defaultSort?: SortState | null;
  /** Filters when the screen has no remembered state. */
  defaultFilters?: Record<string, FilterValue>;
  /** Custom cell per field. */
  render?: Record<string, (value: unknown, record: Row) => ReactNode>;
  /**
   * Custom form control per field: an element the form gives `value` and `onChange` (and `id`), e.g. a
   * roles editor. The field keeps its label, validation and conversion.
   */
  formItems?: Record<string, (context: FormItemContext) => ReactElement>;
  /** Fields of the dialog grouped in tabs; fields in no tab stay on the first one. */
  formTabs?: FormTab[];
  /**
   * Fields of the dialog grouped in titled sections one below the other (as the visit advice form), when no
   * tabs are given; fields in no section stay in the first one.
   */
  formSections?: FormTab[];
  /** Fields that take the full width of the dialog (long lists, editors). */
  wideFields?: string[];
  rowActions?: RowAction[];
  /** Extra buttons of the toolbar, before the create button. */
  toolbar?: (page: CrudPageApi) => ReactNode;
  /** Width of the dialog in pixels. */
  dialogWidth?: number;
  /** Hides the create (and clone) buttons even for writers (entities created elsewhere). */
  noCreate?: boolean;
  /**
   * When a field shows in the dialog, by the form's values (in the preview: the record's). A hidden field is
   * sent empty, so a value left from another choice never reaches the server.
   */
  fieldVisible?: Record<string, (values: Record<string, unknown>) => boolean>;
  /** The body of the preview dialog (e.g. a log entry with its request and response); every field by default. */
  preview?: (record: Row) => ReactNode;
  /** A read-only list even for writers (no edit, clone or delete; row actions may still act). */
  readOnly?: boolean;
  /** Whether a row may be edited and deleted (default: every row). */
  rowEditable?(record: Row): boolean;
  /** API path of the list, when it is not the entity's own (`/visit/overview`). */
  listPath?: string;
  /** Widths of columns with custom cells, in pixels (others take theirs from the field's type). */
  columnWidths?: Record<string, number>;
  /** Column titles that differ from the field labels (a column showing several fields). */
  columnTitles?: Record<string, ReactNode>;
  /**
   * Query parameters every call of the page sends (list, get, create, update, delete): the module of a list
   * shared by several modules (incidents: `{ module: 'MOD_KM' }`).
   */
  apiQuery?: Record<string, string>;
  /**
   * Reloads the list this often (milliseconds) while the page is open, keeping its page, sort and filters
   * (patrols in progress).
   */
  refetchInterval?: number;
  /**
   * A search parameter of the page's address naming the record whose preview is open (`?instance=12`): a link
   * to the page opens it, opening a row's preview sets it, closing removes it (Back closes it too).
   */
  linkParam?: string;
  /** What an empty list says when no filter is set (the entity's "no records yet" by default). */
  emptyText?: ReactNode;
  /** `data-testid` of every row (table rows and phone cards; each carries `data-row-key`, its id). */
  rowTestId?: string;
  /** A class of a row (CRITICAL incidents in red). */
  rowClassName?(record: Row): string;
  /**
   * Values a new record's dialog starts with besides the declared defaults (a line of the stock taking shown:
   * `{ taking: { id, label } }`), as a record holds them.
   */
  createValues?: Record<string, unknown>;
  /**
   * A 409 of a create or an update the user may override (a duplicate the server warns of): asks, and answers
   * the body keys to send again with (`{ force: true }`), or null when the user cancels.
   */
  confirmWarning?(
    error: ApiError,
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> | null;
  /**
   * A warning over the form from what it would send (`input`, as the API takes it), shown while the user edits:
   * it never stops the save (a user who will not be able to log in yet). Null: nothing to warn of.
   */
  formWarning?(input: Record<string, unknown>): ReactNode;
  /** The detail under a row expanded in the table (a transport's operation log); no expansion without it. */
  expandedRow?(record: Row): ReactNode;
  /** A dialog of the page's own instead of the generic one (entities with nested lists or special flows). */
  dialog?(context: CrudDialogContext): ReactNode;
}
