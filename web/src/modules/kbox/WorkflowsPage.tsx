import { useTranslation } from 'react-i18next';
import { KBOX_NOTIFICATION_KINDS, kboxWorkflow } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { FormItemContext } from '../../components/crud/types';
import { TemplateInput } from './TemplateInput';
import './kbox.css';

const template = (multiline: boolean) => (context: FormItemContext) => (
  <TemplateInput multiline={multiline} disabled={context.disabled} />
);

/**
 * /kbox/workflow: who is notified of what for a keybox's contents — per notification kind an e-mail and an SMS
 * switch and a message template, previewed with sample values; every enabled notification needs a message
 * body (the server says so on the field).
 */
export default function WorkflowsPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={kboxWorkflow}
      columns={['name', 'keybox', 'providerName', 'email', 'phone', 'notifyAdmin', 'notifyCustomer', 'uuid']}
      dialogWidth={760}
      wideFields={[...KBOX_NOTIFICATION_KINDS.map((kind) => `${kind}Message`), 'subject']}
      formItems={{
        subject: template(false),
        ...Object.fromEntries(KBOX_NOTIFICATION_KINDS.map((kind) => [`${kind}Message`, template(true)])),
      }}
      formTabs={[
        {
          key: 'general',
          title: t('kbox.tabs.general'),
          fields: [
            'name',
            'keybox',
            'providerName',
            'email',
            'phone',
            'notifyAdmin',
            'notifyCustomer',
            'subject',
          ],
        },
        ...KBOX_NOTIFICATION_KINDS.map((kind) => ({
          key: kind,
          title: t(`kbox.kinds.${kind}`),
          fields: [`${kind}Email`, `${kind}Sms`, `${kind}Message`],
        })),
      ]}
    />
  );
}
