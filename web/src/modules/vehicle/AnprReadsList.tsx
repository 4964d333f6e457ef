import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { vehicleAnprRead } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { TimeCell } from '../../components/gate/visitCells';
import { bestMatch, reasonText } from './AnprPanel';

const STATE_COLORS: Record<string, string> = {
  NEW: 'processing',
  CONFIRMED: 'success',
  DISMISSED: 'default',
};

/** Every plate read of the site's cameras, newest first: what was read, its best match and why, and its fate. */
export function AnprReadsList() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={vehicleAnprRead}
      stateKey="/vehicles/manager:anpr"
      readOnly
      columns={['time', 'plate', 'matchedPlate', 'proposal', 'state', 'gate', 'camera']}
      columnTitles={{ matchedPlate: t('anpr.bestMatch') }}
      render={{
        time: (value) => <TimeCell value={value} />,
        plate: (value) => (
          <Typography.Text strong className="vehicles-plate">
            {String(value ?? '')}
          </Typography.Text>
        ),
        matchedPlate: (_, record: Row) => {
          const match = bestMatch(t, record);
          return (
            <div className="visits-visitor">
              <span>{match.text}</span>
              <span>
                {match.reasons.map((reason, index) => (
                  <Tag key={index} color={reason.code === 'EXACT' ? 'success' : 'warning'}>
                    {reasonText(t, reason)}
                  </Tag>
                ))}
              </span>
            </div>
          );
        },
        state: (value) => (
          <Tag color={STATE_COLORS[String(value)]}>
            {t(`entity.vehicle/anpr/read.values.state.${String(value)}`)}
          </Tag>
        ),
      }}
    />
  );
}
