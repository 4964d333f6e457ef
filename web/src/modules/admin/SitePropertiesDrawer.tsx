import { useState, type ReactNode } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Alert, App, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KNOWN_CONFIG_PROPERTIES, siteProperty, type ConfigValueType } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { useAccess, useSession } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import type { RowAction } from '../../components/crud/types';
import { ConfigValueInput, PropertyNameInput } from './ConfigValueInput';
import { isKnownProperty } from '../../lib/siteProperties';
import './system.css';
import { numberFormat } from '../../lib/format';

const I18N = 'entity.system_site/property';

/** A stored value as its type reads: yes/no, numbers in the user's format, lists as tags. */
function ConfigValueView({ value, type }: { value: unknown; type: ConfigValueType }) {
  const { t, i18n } = useTranslation();
  const one = (item: unknown): ReactNode => {
    if (typeof item === 'boolean') return item ? t('crud.yes') : t('crud.no');
    if (typeof item === 'number') return numberFormat(i18n.language).format(item);
    return String(item);
  };
  if (Array.isArray(value))
    return value.length === 0 ? (
      <Typography.Text type="secondary">{t(`${I18N}.emptyList`)}</Typography.Text>
    ) : (
      <span className="crud-tags">
        {value.map((item, index) => (
          <Tag key={index} variant="filled">
            {one(item)}
          </Tag>
        ))}
      </span>
    );
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (type === 'STRING')
    return (
      <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 260 }}>
        {String(value)}
      </Typography.Text>
    );
  return <Typography.Text strong>{one(value)}</Typography.Text>;
}

/** The config properties of the session's current site, as the CrudPage of `system_site/property`. */
export function SitePropertiesList() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={siteProperty}
      stateKey="siteProperties"
      columns={['name', 'type', 'value', 'active']}
      render={{
        name: (value) => (
          <span className="admin-config-name">
            <span className="admin-mono">{String(value)}</span>
            {isKnownProperty(value) && (
              <Typography.Text type="secondary">{t(`${I18N}.knownShort.${value}`)}</Typography.Text>
            )}
          </span>
        ),
        type: (value) => <Tag variant="filled">{t(`${I18N}.values.type.${String(value)}`)}</Tag>,
        value: (value, record) => <ConfigValueView value={value} type={record.type as ConfigValueType} />,
      }}
      formItems={{
        name: () => <PropertyNameInput />,
        value: () => <ConfigValueInput />,
      }}
      dialogWidth={640}
    />
  );
}

/** What the product reads from a site's properties, and the value it uses when the site sets none. */
export function KnownPropertiesHint() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      className="admin-properties-hint"
      title={t(`${I18N}.knownTitle`)}
      description={
        <ul className="admin-known-list">
          {Object.entries(KNOWN_CONFIG_PROPERTIES).map(([name, known]) => (
            <li key={name}>
              <span className="admin-mono">{name}</span> –{' '}
              {t(`${I18N}.known.${name}`, { default: known.default })}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * The "Properties" action of the sites page. Properties are edited on the session's current site (the API
 * acts on it): for another site the administrator first switches to it, when a member. Returns the row
 * action and the drawer to render beside the page.
 */
export function useSitePropertiesAction(): { action: RowAction; drawer: ReactNode } {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { site, sites, switchSite, reload } = useSession();
  const { can } = useAccess();
  const [open, setOpen] = useState(false);

  const openFor = (record: Row) => {
    if (record.id === site?.id) {
      setOpen(true);
      return;
    }
    modal.confirm({
      title: t(`${I18N}.switchTitle`, { site: String(record.name) }),
      content: t(`${I18N}.switchConfirm`, { site: String(record.name) }),
      okText: t(`${I18N}.switchButton`),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await switchSite(record.id);
          setOpen(true);
        } catch (error) {
          message.error(apiErrorText(error as ApiError | NetworkError, t));
        }
      },
    });
  };

  const action: RowAction = {
    key: 'properties',
    label: t(`${I18N}.action`),
    icon: <SettingOutlined />,
    visible: (record) => can(siteProperty.write) && sites.some((member) => member.id === record.id),
    onClick: openFor,
  };

  const drawer = (
    <Drawer
      open={open}
      size={920}
      destroyOnHidden
      title={
        <span>
          {t(`${I18N}.title`)}
          {site && (
            <Typography.Text type="secondary" className="admin-drawer-site">
              {site.name}
            </Typography.Text>
          )}
        </span>
      }
      onClose={() => {
        setOpen(false);
        // The session's copy of the config (time-out, upload limit) follows the changes.
        void reload();
      }}
      className="admin-properties-drawer"
    >
      <KnownPropertiesHint />
      <SitePropertiesList />
    </Drawer>
  );

  return { action, drawer };
}
