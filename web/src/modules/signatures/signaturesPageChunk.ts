/** Loads a signatures page (see `pages.ts`: this small chunk carries the list of the pages' files). */
export const signaturePageLoaders = {
  documents: () => import('./DocumentsPage'),
  signing: () => import('./SigningPage'),
  archive: () => import('./ArchivePage'),
};
export type SignaturePageName = keyof typeof signaturePageLoaders;
