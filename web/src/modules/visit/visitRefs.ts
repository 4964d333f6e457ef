import { registerRefSource } from '../../components/crud/refSources';

/** Visited persons are picked by last name and named "Last First", as the server labels them. */
registerRefSource('visit/visited', {
  search: 'lastName',
  sort: 'lastName',
  label: (row) => `${String(row.lastName ?? '')} ${String(row.firstName ?? '')}`.trim(),
});
/** Cards are picked by their code. */
registerRefSource('visit/card', { search: 'code', sort: 'code', label: (row) => String(row.code ?? '') });
