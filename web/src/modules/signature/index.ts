/** What the signatures module offers other modules: the signed documents of a record (visits, keys, stock). */
export { SignedDocuments, useSeesSignedDocuments } from './SignedDocuments';
