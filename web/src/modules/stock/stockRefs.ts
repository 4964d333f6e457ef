import { registerRefSource } from '../../components/crud/refSources';

/** The site persons items are lent to, picked by last name and named "Last First", as the server labels them. */
registerRefSource('stock/person', {
  search: 'lastName',
  sort: 'lastName',
  label: (row) => `${String(row.lastName ?? '')} ${String(row.firstName ?? '')}`.trim(),
});

/** An item is found by its name (its code is what a scanner reads) and named "name (code)". */
registerRefSource('stock/item', {
  search: 'name',
  sort: 'name',
  label: (row) => `${String(row.name ?? '')} (${String(row.code ?? '')})`,
});

/**
 * A measuring unit is found by its name, so the picker names it "name (abbreviation)"; records name it by its
 * abbreviation, as the server labels it ("24 ks").
 */
registerRefSource('stock/mu', {
  search: 'name',
  sort: 'name',
  label: (row) => `${String(row.name ?? '')} (${String(row.abbreviation ?? '')})`,
});
