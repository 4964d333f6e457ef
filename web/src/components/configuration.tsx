import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigNotice, ConfigReport, HeldMessages } from '@strazce/contract';
import { api } from '../lib/api';
import { canAccess } from '../lib/access';
import { useSession } from '../lib/session';

/** What readiness tells an administrator (`GET /api/health/ready`): the configuration and its notices. */
interface ReadyForAdministrator {
  status: 'ok';
  configuration?: ConfigReport;
  notices?: ConfigNotice[];
  held?: HeldMessages;
}

/**
 * The server's configuration notices for an administrator (nothing for anyone else): a transport that is off,
 * messages kept for want of one, a simulator outside demo data. Under one query key, so the e-mail and SMS
 * logs and the banner agree and a re-send refreshes both.
 */
export function useConfigNotices(): { notices: ConfigNotice[]; held: HeldMessages } {
  const { session } = useSession();
  const administrator = canAccess(session, ['ADMINISTRATOR']);
  const { data } = useQuery({
    queryKey: ['crud', 'system_email', 'configuration'],
    queryFn: ({ signal }) => api.get<ReadyForAdministrator>('/health/ready', { signal, silent: true }),
    enabled: administrator,
    staleTime: 60_000,
  });
  return administrator
    ? { notices: data?.notices ?? [], held: data?.held ?? { email: 0, sms: 0 } }
    : { notices: [], held: { email: 0, sms: 0 } };
}

/** The banner administrators see above every page while something is off or pretends (issue: nothing pretends). */
export function ConfigNoticesBanner() {
  const { t } = useTranslation();
  const { notices, held } = useConfigNotices();
  const [hidden, setHidden] = useState<ReadonlySet<ConfigNotice>>(new Set());
  const shown = notices.filter((notice) => !hidden.has(notice));
  if (shown.length === 0) return null;
  const link = (notice: ConfigNotice) => {
    if (notice === 'EMAIL_NO_TRANSPORT')
      return (
        <Link to="/admin/emails">
          {t('configNotices.openEmails')}
          {held.email > 0 && ` (${t('configNotices.held', { count: held.email })})`}
        </Link>
      );
    if (notice === 'SMS_NO_TRANSPORT')
      return (
        <Link to="/admin/sms">
          {t('configNotices.openSms')} ({t('configNotices.held', { count: held.sms })})
        </Link>
      );
    return null;
  };
  return (
    <Flex vertical gap={8} className="app-config-notices" data-testid="config-notices">
      {shown.map((notice) => (
        <Alert
          key={notice}
          type="warning"
          showIcon
          role="status"
          data-notice={notice}
          title={t(`configNotices.${notice}`)}
          action={link(notice)}
          closable={{ 'aria-label': t('configNotices.dismiss') }}
          onClose={() => setHidden((previous) => new Set([...previous, notice]))}
        />
      ))}
    </Flex>
  );
}
