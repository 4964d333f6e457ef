import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSTEM_PROPERTIES, systemProperty, type SystemPropertyName } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import './system.css';

/** A setting's name with what it does, its default and its allowed range. */
function PropertyName({ name }: { name: SystemPropertyName }) {
  const { t } = useTranslation();
  const range = SYSTEM_PROPERTIES[name];
  return (
    <div className="admin-property">
      <Typography.Text strong>{t(`entity.system_option/property.values.name.${name}`)}</Typography.Text>
      <Typography.Text type="secondary" className="admin-property-help">
        {t(`entity.system_option/property.help.${name}`, range)}
      </Typography.Text>
    </div>
  );
}

/**
 * /admin/properties: settings of the whole installation (absolute session lifetime, audit retention); a
 * setting without a row has its default.
 */
export default function SystemPropertiesPage() {
  return (
    <CrudPage
      entity={systemProperty}
      render={{ name: (value) => <PropertyName name={value as SystemPropertyName} /> }}
    />
  );
}
