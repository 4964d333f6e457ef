import { useState } from 'react';
import { App, Select } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';

/** The current site; the list holds only the sites the user is a member of (`compact` on touch screens). */
export function SiteChooser({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { site, sites, switchSite, logout } = useSession();
  const [switching, setSwitching] = useState(false);

  const change = async (siteId: number) => {
    setSwitching(true);
    try {
      await switchSite(siteId);
      message.success(t('site.switched', { name: sites.find((s) => s.id === siteId)?.name ?? '' }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await logout('failure');
      else message.error(t('site.switchFailed'));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      aria-label={t('site.label')}
      data-testid="site-chooser"
      prefix={<EnvironmentOutlined />}
      value={site?.id}
      placeholder={t('site.none')}
      options={sites.map((s) => ({ value: s.id, label: s.name }))}
      onChange={(value: number) => void change(value)}
      loading={switching}
      disabled={switching || sites.length < 2}
      popupMatchSelectWidth={false}
      // On touch screens a 40 px high control whose name is cut short rather than the header overflowing.
      size={compact ? 'large' : 'middle'}
      className={compact ? 'site-chooser site-chooser-compact' : 'site-chooser'}
      title={site?.name}
    />
  );
}
