import { useMemo } from 'react';
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
import type { GateLoadRow } from '@strazce/contract';
import { hourRange, hourlyLoad } from './gateLoad';

/** The colours of entries and departures in the chart, from the theme. */
function useSeriesColors() {
  const { token } = theme.useToken();
  return { entries: token.colorPrimary, departures: token.colorWarning, grid: token.colorBorderSecondary };
}

export default function GateLoadChart({ rows }: { rows: GateLoadRow[] }) {
  const { t } = useTranslation();
  const colors = useSeriesColors();
  const hours = useMemo(() => hourlyLoad(rows), [rows]);
  return (
    <div className="site-chart" data-testid="gate-load-chart">
      <ResponsiveContainer width="100%" height={320}>
        <BarChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={2}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={colors.grid} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} interval={1} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
          <ChartTooltip
            cursor={{ fillOpacity: 0.06 }}
            labelFormatter={(_, payload) => {
              const hour = payload?.[0]?.payload?.hour;
              return typeof hour === 'number' ? hourRange(hour) : '';
            }}
          />
          <Legend
            iconType="circle"
            iconSize={9}
            itemSorter={null}
            wrapperStyle={{ fontSize: 13, paddingTop: 8 }}
          />
          <Bar
            dataKey="entries"
            name={t('reports.gateLoad.entries')}
            fill={colors.entries}
            radius={[4, 4, 0, 0]}
            maxBarSize={22}
          />
          <Bar
            dataKey="departures"
            name={t('reports.gateLoad.departures')}
            fill={colors.departures}
            radius={[4, 4, 0, 0]}
            maxBarSize={22}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
