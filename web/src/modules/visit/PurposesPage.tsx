import { visitPurpose } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /visits/purposes: why visitors come; with anonymization after departure and notification e-mails. */
export default function PurposesPage() {
  return <CrudPage entity={visitPurpose} wideFields={['notificationEmails']} />;
}
