import { APP_ROUTES } from '@strazce/contract';
import type { PageLoader } from '../registry';
import type { SignaturePageName } from './signaturesPageChunk';

/**
 * Pages of /signatures/... (route path → lazy page): the documents with their versions, templates, zones and
 * attributes (SIG_ADMIN), the documents waiting for a signature (SIG_USER) and the archive. They load through a
 * small chunk (`signaturesPageChunk`); pdf.js and the signature canvas load only when a page needs them.
 */
const page =
  (name: SignaturePageName): PageLoader =>
  () =>
    import('./signaturesPageChunk').then((chunk) => chunk.signaturePageLoaders[name]());

/** Every route of the `signatures` area of the route table, at `/signatures/<name>`. */
export const signaturePages: Record<string, PageLoader> = Object.fromEntries(
  APP_ROUTES.filter((route) => route.area === 'signatures').map((route) => [
    route.path,
    page(route.path.slice('/signatures/'.length) as SignaturePageName),
  ]),
);
