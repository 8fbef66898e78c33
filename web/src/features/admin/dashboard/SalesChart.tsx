import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatIndiaDate, formatIndiaDayMonth, formatRupees } from '@kanak/shared';
import type { Dashboard } from '../shared/types';

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** Daily revenue of the last 30 days as an area chart. */
export function SalesChart({ data }: { data: Dashboard['salesByDay'] }) {
  return (
    <div className="h-64 w-full" data-testid="sales-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <defs>
            <linearGradient id="salesFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor="var(--primary)" stopOpacity={0.35} />
              <stop offset="95%" stopColor="var(--primary)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => formatIndiaDayMonth(d)}
            tick={{ fontSize: 12 }}
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(v: number) => `₹${compact.format(v)}`}
            tick={{ fontSize: 12 }}
            width={64}
          />
          <Tooltip
            formatter={(value) => [formatRupees(Number(value)), 'Revenue']}
            labelFormatter={(label) => formatIndiaDate(String(label))}
          />
          <Area
            type="monotone"
            dataKey="revenue"
            stroke="var(--primary)"
            strokeWidth={2}
            fill="url(#salesFill)"
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
