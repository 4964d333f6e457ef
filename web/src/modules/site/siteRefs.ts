import { registerRefSource } from '../../components/crud/refSources';

/** Site persons are picked by last name and named "Last First", as the server labels them. */
registerRefSource('system_site/person', {
  search: 'lastName',
  sort: 'lastName',
  label: (row) => `${String(row.lastName ?? '')} ${String(row.firstName ?? '')}`.trim(),
});
