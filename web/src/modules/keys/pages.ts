import type { PageLoader } from '../registry';
import type { KeyPageName } from './keysPageChunk';

/**
 * Pages of /keys/... (route path → lazy page): the key administrator's set-up, the open lend-outs (lend and
 * return at the guard's gate) and their history; the incident pages are the shared ones (`incidents/pages.ts`).
 * They load through a small chunk (`keysPageChunk`) holding the list of the pages' files, so that the login
 * page's start chunk, which carries this map, grows as little as possible (its budget).
 */
const page =
  (name: KeyPageName): PageLoader =>
  () =>
    import('./keysPageChunk').then((chunk) => chunk.keyPageLoaders[name]());

/** The pages, each at `/keys/<name>` (a list of names costs the start chunk less than a map of paths). */
const names: KeyPageName[] = [
  'frames',
  'doorgroups',
  'doors',
  'keytypes',
  'keygroups',
  'keys',
  'lendouts',
  'lendoutshistory',
];

export const keyPages: Record<string, PageLoader> = Object.fromEntries(
  names.map((name) => [`/keys/${name}`, page(name)]),
);
