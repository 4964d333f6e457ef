import { registerRefSource } from '../../components/crud/refSources';

/** A guard's person is picked among the site's persons by last name, named "Last First" as the server does. */
registerRefSource('patrol/guard/person', {
  search: 'lastName',
  sort: 'lastName',
  label: (row) => `${String(row.lastName ?? '')} ${String(row.firstName ?? '')}`.trim(),
});

/**
 * A guard is named by their person ("Last First", as the server labels the reference); guards have no text
 * filter, so a picker offers the site's guards and narrows them by name itself.
 */
registerRefSource('patrol/guard', {
  search: null,
  sort: 'person',
  label: (row) => String((row.person as { label?: string } | null)?.label ?? ''),
});
