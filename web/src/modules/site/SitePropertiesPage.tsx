import { useEffect, useRef } from 'react';
import { Flex } from 'antd';
import { useSession } from '../../lib/session';
import { KnownPropertiesHint, SitePropertiesList } from '../admin';

/**
 * /site/properties: the config properties of the current site (time-out, upload limit, time zone and the
 * site's own), for its SiteAdmin; the same list the administrator opens from the sites page.
 */
export default function SitePropertiesPage() {
  const { reload } = useSession();
  const reloadOnLeave = useRef(reload);
  reloadOnLeave.current = reload;
  // The session's copy of the config (time-out, upload limit, time zone) follows the changes made here.
  useEffect(() => () => void reloadOnLeave.current(), []);
  return (
    <Flex vertical gap={16} data-testid="site-properties">
      <KnownPropertiesHint />
      <SitePropertiesList />
    </Flex>
  );
}
