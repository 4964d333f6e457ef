import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '@strazce/contract';
import { useSystemOption } from '../../lib/systemOptions';
import { CrudPage } from '../../components/crud/CrudPage';
import { ModulesEditor } from './ModulesEditor';
import { useSitePropertiesAction } from './SitePropertiesDrawer';
import './admin.css';

/** How many modules a site has on of those the server offers, with their names on hover. */
function ModulesCell({ modules }: { modules: string[] }) {
  const { t } = useTranslation();
  const offered = useSystemOption('modules').data;
  const names = modules.map((module) => t(`entity.modules.${module}`));
  return (
    <Tooltip title={names.length > 0 ? names.join(', ') : undefined}>
      <Tag variant="filled" color={modules.length > 0 ? 'processing' : undefined}>
        {offered
          ? t('entity.system_site.modulesOn', { on: modules.length, total: offered.length })
          : modules.length}
      </Tag>
    </Tooltip>
  );
}

/** /admin/sites: sites with their modules switched on or off, and the config properties of each. */
export default function SitesPage() {
  const properties = useSitePropertiesAction();
  return (
    <>
      <CrudPage
        entity={site}
        render={{ modules: (value) => <ModulesCell modules={(value as string[] | null) ?? []} /> }}
        formItems={{ modules: () => <ModulesEditor /> }}
        rowActions={[properties.action]}
      />
      {properties.drawer}
    </>
  );
}
