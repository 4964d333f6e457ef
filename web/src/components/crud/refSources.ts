/**
 * How a reference picker finds rows of a resource: the list filter it types into (a `contains` filter of
 * the target entity) and how a row is labelled — the same label the server returns in `{ id, label }`.
 */
export interface RefSource {
  /**
   * Query parameter of the target's list the search text goes to; null for a target without a text filter
   * (patrol guards): its first rows are offered, narrowed here by their labels.
   */
  search: string | null;
  /** Sort of the suggestions (a sortable field of the target). */
  sort?: string;
  label(row: Record<string, unknown>): string;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const sources = new Map<string, RefSource>([
  [
    'system_person',
    {
      search: 'lastName',
      sort: 'lastName',
      label: (row) => `${text(row.lastName)} ${text(row.firstName)}`.trim(),
    },
  ],
  ['system_site', { search: 'name', sort: 'name', label: (row) => text(row.name) }],
  ['access_user', { search: 'userName', sort: 'userName', label: (row) => text(row.userName) }],
  ['access_group', { search: 'name', sort: 'name', label: (row) => text(row.name) }],
]);

/** Modules register the reference targets they own next to their pages. */
export function registerRefSource(resource: string, source: RefSource): void {
  sources.set(resource, source);
}

/** The registered source, or a `name` search as most entities have. */
export function refSource(resource: string): RefSource {
  return sources.get(resource) ?? { search: 'name', sort: 'name', label: (row) => text(row.name) };
}
