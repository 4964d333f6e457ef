import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogisticsTurnTime } from '@strazce/contract';
import { TURN_TIME_FIGURES, formatMinutes } from './turnTime';
import { numberFormat } from '../../lib/format';

/**
 * The turn-time averages of a set of transports that left: how many, the waiting before entry, the time at the
 * ramp and the total turn time.
 */
export function TurnTimeFigures({
  overall,
  loading,
  testId,
}: {
  overall: LogisticsTurnTime['overall'] | undefined;
  loading: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="logistics-figures" data-testid={testId}>
      <Card size="small">
        <Statistic
          title={t('logistics.turnTime.count')}
          value={overall ? numberFormat(i18n.language).format(overall.count) : '—'}
          loading={loading}
        />
      </Card>
      {TURN_TIME_FIGURES.map((figure) => (
        <Card size="small" key={figure}>
          <Statistic
            title={t(`logistics.turnTime.${figure}`)}
            value={formatMinutes(t, overall?.[figure])}
            loading={loading}
            data-figure={figure}
          />
        </Card>
      ))}
    </div>
  );
}
