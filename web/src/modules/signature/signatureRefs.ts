import { registerRefSource } from '../../components/crud/refSources';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const refLabel = (value: unknown) =>
  value && typeof value === 'object' ? text((value as { label?: unknown }).label) : '';

/** A version is picked among the first ones, named by its document and its name ("Protokol 1.0"). */
registerRefSource('signature/version', {
  search: null,
  sort: 'name',
  label: (row) => `${refLabel(row.document)} ${text(row.name)}`.trim(),
});

/** A template is named by its file and language, as the server labels it. */
registerRefSource('signature/template', {
  search: null,
  label: (row) => `${text(row.fileName)} (${text(row.locale)})`,
});
