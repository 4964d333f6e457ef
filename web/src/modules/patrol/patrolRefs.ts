import { registerRefSource } from '../../components/crud/refSources';

/** A guard's person is picked among the site's persons by last name, named "Last First" as the server does. */
registerRefSource('patrol/guard/person', {
  search: 'lastName',
  sort: 'lastName',
  label: (row) => `${String(row.lastName ?? '')} ${String(row.firstName ?? '')}`.trim(),
});
