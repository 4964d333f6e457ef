import { UnlockOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { user } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { CrudPage } from '../../components/crud/CrudPage';
import { recordLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import type { CrudPageApi } from '../../components/crud/types';
import { AuthProviderSelect } from './AuthProviderSelect';
import { RolesEditor } from './RolesEditor';
import { UserLoginStateCell, UserLoginWarning } from './UserLoginState';
import './admin.css';

/**
 * /admin/users: accounts with their roles, groups and sites, forced two-factor and its reset; the list shows
 * and the form warns why a user cannot log in (no site, no role, browser not authorized).
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();

  const resetTwoFactor = (record: Row, page: CrudPageApi) =>
    modal.confirm({
      title: t('entity.access_user.twofaResetTitle'),
      content: t('entity.access_user.twofaResetConfirm', { label: recordLabel(user, record) }),
      okText: t('entity.access_user.twofaReset'),
      okButtonProps: { danger: true },
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await api.post(`/access_user/${record.id}/twofa/reset`, undefined, { silent: true });
          message.success(t('entity.access_user.twofaResetDone'));
        } catch (error) {
          message.error(apiErrorText(error as ApiError | NetworkError, t));
        }
        page.refresh();
      },
    });

  return (
    <CrudPage
      entity={user}
      columns={['userName', 'person', 'loginState', 'lastLogin', 'valid', 'forceTfa', 'tfa', 'sites']}
      // Whether a user can log in comes first; the two-factor flags wait in the column chooser.
      optionalColumns={['forceTfa', 'tfa']}
      render={{ loginState: (_value, record) => <UserLoginStateCell value={record.loginProblems} /> }}
      columnTitles={{ loginState: t('entity.access_user.loginState.title') }}
      columnWidths={{ loginState: 170 }}
      formWarning={(input) => <UserLoginWarning input={input} />}
      rowTestId="user-row"
      dialogWidth={880}
      formItems={{ roles: () => <RolesEditor />, authProvider: () => <AuthProviderSelect /> }}
      // Only a LOCAL user has a password of the product; a directory user's stays in the directory.
      fieldVisible={{ password: (values) => (values.authProvider ?? 'LOCAL') === 'LOCAL' }}
      formTabs={[
        {
          key: 'account',
          title: t('entity.access_user.tabs.account'),
          fields: ['userName', 'authProvider', 'person', 'password', 'valid', 'forceTfa'],
        },
        { key: 'roles', title: t('entity.access_user.tabs.roles'), fields: ['roles'] },
        { key: 'membership', title: t('entity.access_user.tabs.membership'), fields: ['groups', 'sites'] },
      ]}
      rowActions={[
        {
          key: 'twofaReset',
          label: t('entity.access_user.twofaReset'),
          icon: <UnlockOutlined />,
          danger: true,
          visible: (record, page) => page.canWrite && record.tfa === true,
          onClick: resetTwoFactor,
        },
      ]}
    />
  );
}
