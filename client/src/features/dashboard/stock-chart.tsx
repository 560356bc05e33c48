/**
 * The chart of Material Details: on hand, field assigned and lost over time. Loaded on demand,
 * so the charting library is fetched only when someone opens a part's details. The line runs on
 * to the present, so even one movement draws a step rather than a lone dot.
 */
import { LineChart } from '@mantine/charts';
import { untilNow, type StockPoint } from './stock-history.ts';

const SERIES = [
  { name: 'onHand', label: 'On hand', color: 'blue.6' },
  { name: 'field', label: 'Field assigned', color: 'teal.6' },
  { name: 'lost', label: 'Lost', color: 'red.6' },
];

const shortDate = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export default function StockChart({ points }: { points: readonly StockPoint[] }) {
  const data = untilNow(points, new Date().toISOString()).map((p) => ({ ...p, when: p.now ? 'Now' : shortDate(p.date) }));
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="when"
      series={SERIES}
      curveType="stepAfter"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      withDots={data.length <= 40}
      tickLine="y"
      xAxisProps={{ minTickGap: 24 }}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      aria-label="On hand, field assigned and lost over time"
    />
  );
}
