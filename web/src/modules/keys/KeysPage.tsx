import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { key } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { LentTag, RuleTag } from './keyCells';
import { PrivilegesList } from './PrivilegesList';
import './keyRefs';
import './keys.css';

const COLUMNS = [
  'code',
  'name',
  'type',
  'frame',
  'defaultGate',
  'defaultRule',
  'maxLendingHours',
  'lent',
  'groups',
  'doors',
  'notification',
  'valid',
];

/** The keys of the site: what the gate scans, where it hangs, the doors it opens, how long it may be out. */
function KeyList() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={key}
      stateKey="/keys/keys"
      columns={COLUMNS}
      rowTestId="key-row"
      render={{
        lent: (value) => <LentTag lent={value === true} />,
        defaultRule: (value) => <RuleTag rule={value} />,
      }}
      formTabs={[
        {
          key: 'key',
          title: t('keys.setup.tab.key'),
          fields: ['code', 'name', 'type', 'frame', 'defaultGate', 'description', 'valid'],
        },
        {
          key: 'lending',
          title: t('keys.setup.tab.lending'),
          fields: ['defaultRule', 'maxLendingHours', 'notification', 'notificationEmails'],
        },
        { key: 'doors', title: t('keys.setup.tab.doors'), fields: ['doors', 'groups'] },
      ]}
      wideFields={['notificationEmails']}
      fieldVisible={{ notificationEmails: (values) => values.notification === true }}
    />
  );
}

/**
 * /keys/keys: the keys, and on a second tab the privileges saying who may hold which key (over each key's
 * default rule).
 */
export default function KeysPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'keys', label: t('keys.setup.tab.keys'), children: <KeyList /> },
        {
          key: 'privileges',
          label: <span data-testid="key-privileges-tab">{t('keys.setup.tab.privileges')}</span>,
          children: <PrivilegesList />,
        },
      ]}
    />
  );
}
