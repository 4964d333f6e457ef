import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { keyPrivilege } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { RuleTag } from './keyCells';
import './keyRefs';

const empty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Who may hold which key: a person or a team, on a key or a key group, ALLOW or DENY. The help above the list
 * says the precedence (the contract's `keyPrivilege`); the dialog offers one holder and one key side — once
 * one of the pair is chosen, the other hides until it is cleared.
 */
export function PrivilegesList() {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="keys-help"
        title={t('keys.privileges.helpTitle')}
        description={
          <ol className="keys-help-list">
            <li>{t('keys.privileges.level.PERSON_KEY')}</li>
            <li>{t('keys.privileges.level.PERSON_GROUP')}</li>
            <li>{t('keys.privileges.level.TEAM_KEY')}</li>
            <li>{t('keys.privileges.level.TEAM_GROUP')}</li>
            <li>{t('keys.privileges.level.DEFAULT')}</li>
          </ol>
        }
        data-testid="key-privileges-help"
      />
      <CrudPage
        entity={keyPrivilege}
        stateKey="/keys/keys:privileges"
        columns={['person', 'team', 'key', 'keyGroup', 'rule', 'note']}
        render={{ rule: (value) => <RuleTag rule={value} /> }}
        rowTestId="key-privilege-row"
        fieldVisible={{
          person: (values) => empty(values.team),
          team: (values) => empty(values.person),
          key: (values) => empty(values.keyGroup),
          keyGroup: (values) => empty(values.key),
        }}
        wideFields={['note']}
      />
    </>
  );
}
