import { useTranslation } from 'react-i18next';
import { accessGroup } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { RolesEditor } from './RolesEditor';
import './admin.css';

/** /admin/groups: access groups; their roles apply to every member. */
export default function GroupsPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={accessGroup}
      dialogWidth={880}
      formItems={{ roles: () => <RolesEditor /> }}
      formTabs={[
        {
          key: 'group',
          title: t('entity.access_group.tabs.group'),
          fields: ['name', 'description', 'valid'],
        },
        { key: 'roles', title: t('entity.access_group.tabs.roles'), fields: ['roles'] },
        { key: 'members', title: t('entity.access_group.tabs.members'), fields: ['members'] },
      ]}
    />
  );
}
