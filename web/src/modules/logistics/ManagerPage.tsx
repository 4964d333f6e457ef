import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Board } from './Board';
import { TurnTimeReport } from './TurnTimeReport';
import './logisticsRefs';
import './logistics.css';

type Tab = 'board' | 'turntime';

/**
 * /logistics/manager: the dispatcher board of today and, on a second tab (`?tab=turntime`), the turn-time
 * report of a date range.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'turntime' ? 'turntime' : 'board';
  return (
    <Tabs
      className="logistics-manager"
      activeKey={tab}
      onChange={(key) => setParams(key === 'board' ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'board', label: t('logistics.board.tab'), children: <Board /> },
        { key: 'turntime', label: t('logistics.turnTime.tab'), children: <TurnTimeReport /> },
      ]}
    />
  );
}
