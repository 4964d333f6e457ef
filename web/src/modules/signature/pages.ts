import type { PageLoader } from '../../lib/pageLoader';

/**
 * Pages of /signatures/... (route path → lazy page): the documents with their versions, templates, zones and
 * attributes (SIG_ADMIN), the documents waiting for a signature (SIG_USER) and the archive; pdf.js and the
 * signature canvas load only when a page needs them.
 */
export const signaturePages: Record<string, PageLoader> = {
  '/signatures/documents': () => import('./DocumentsPage'),
  '/signatures/signing': () => import('./SigningPage'),
  '/signatures/archive': () => import('./ArchivePage'),
};
