import { registerRefSource } from '../../components/crud/refSources';

/** The site persons keys are lent to, picked by last name and named "Last First", as the server labels them. */
registerRefSource('keymanagement/person', {
  search: 'lastName',
  sort: 'lastName',
  label: (row) => `${String(row.lastName ?? '')} ${String(row.firstName ?? '')}`.trim(),
});

/** A key is found by its name (its code is what the gate scans) and named "name (code)", as the server labels it. */
registerRefSource('keymanagement/key', {
  search: 'name',
  sort: 'name',
  label: (row) => `${String(row.name ?? '')} (${String(row.code ?? '')})`,
});
