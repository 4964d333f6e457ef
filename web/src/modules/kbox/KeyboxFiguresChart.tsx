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
import type { KboxFigures } from '@strazce/contract';

/** Per keybox the contents waiting now and the median hours from deposit to pick-up, side by side. */
export default function KeyboxFiguresChart({ rows }: { rows: KboxFigures }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const data = rows.map((row) => ({
    name: row.keybox.label,
    waiting: row.waiting,
    medianHours: row.medianMinutes === null ? 0 : Math.round((row.medianMinutes / 60) * 10) / 10,
  }));
  return (
    <div className="kbox-chart" data-testid="kbox-figures-chart">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={2}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={token.colorBorderSecondary} />
          <XAxis dataKey="name" tickLine={false} axisLine={false} fontSize={12} interval={0} />
          <YAxis
            yAxisId="count"
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={40}
          />
          <YAxis
            yAxisId="hours"
            orientation="right"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={48}
            unit=" h"
          />
          <ChartTooltip cursor={{ fillOpacity: 0.06 }} />
          <Legend iconType="circle" iconSize={9} wrapperStyle={{ fontSize: 13, paddingTop: 8 }} />
          <Bar
            yAxisId="count"
            dataKey="waiting"
            name={t('kbox.figures.waiting')}
            fill={token.colorWarning}
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
          <Bar
            yAxisId="hours"
            dataKey="medianHours"
            name={t('kbox.figures.medianHours')}
            fill={token.colorPrimary}
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
