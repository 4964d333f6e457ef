import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';

/**
 * Over every page of the logged-in app while the browser has no network (a gate tablet's Wi-Fi blip): the
 * page keeps the data it last loaded (the query cache), a change cannot be saved until the network is back
 * (the save says so), and the lists read afresh by themselves once it is (TanStack Query's refetch on
 * reconnect). The kiosk frame shows the same in its header (KioskLayout).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      className="app-offline-banner"
      type="warning"
      showIcon
      data-testid="offline-banner"
      title={t('shell.offline')}
      description={t('shell.offlineHint')}
    />
  );
}
