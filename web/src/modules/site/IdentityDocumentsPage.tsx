import { identityDocument } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /site/identitydocuments: the kinds of identity documents accepted on the current site. */
export default function IdentityDocumentsPage() {
  return <CrudPage entity={identityDocument} />;
}
