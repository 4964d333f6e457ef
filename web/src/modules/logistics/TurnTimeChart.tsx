import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TURN_TIME_FIGURES, formatMinutes, type TurnTimeChartRow } from './turnTime';

/** The averages of one grouping as bars (waiting, at the ramp, total), in minutes; loaded with the report. */
export default function TurnTimeChart({ rows }: { rows: TurnTimeChartRow[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colors = {
    waitingMinutes: token.colorWarning,
    rampMinutes: token.colorPrimary,
    totalMinutes: token.colorSuccess,
  };
  return (
    <div className="logistics-chart" data-testid="logistics-turntime-chart">
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={2}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={token.colorBorderSecondary} />
          <XAxis dataKey="name" tickLine={false} axisLine={false} fontSize={12} interval={0} />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            unit={` ${t('logistics.turnTime.unit')}`}
            width={68}
          />
          <ChartTooltip
            cursor={{ fillOpacity: 0.06 }}
            formatter={(value) => formatMinutes(t, typeof value === 'number' ? value : null)}
          />
          <Legend
            iconType="circle"
            iconSize={9}
            itemSorter={null}
            wrapperStyle={{ fontSize: 13, paddingTop: 8 }}
          />
          {TURN_TIME_FIGURES.map((figure) => (
            <Bar
              key={figure}
              dataKey={figure}
              name={t(`logistics.turnTime.${figure}`)}
              fill={colors[figure]}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              // The report is read, not watched: the bars stand at once (also after a change of grouping).
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
