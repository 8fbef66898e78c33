/** A 30-day line of one purity's rates (min and max labelled), drawn as plain SVG. */
export function RateSparkline({
  points,
  label,
}: {
  points: readonly { ratePerGram: number; publishedAt: string }[];
  label: string;
}) {
  if (points.length < 2) return <span className="text-xs text-muted-foreground">—</span>;
  const values = points.map((p) => p.ratePerGram);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const w = 160;
  const h = 36;
  const x = (i: number) => (i / (points.length - 1)) * w;
  const y = (v: number) => (max === min ? h / 2 : h - 2 - ((v - min) / (max - min)) * (h - 4));
  const d = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
  const rising = values.at(-1)! >= values[0]!;
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      className="h-9 w-40"
      role="img"
      aria-label={`${label}: ${points.length} rates over 30 days, from ₹${min.toLocaleString('en-IN')} to ₹${max.toLocaleString('en-IN')} per gram`}
    >
      <path
        d={d}
        fill="none"
        strokeWidth="1.5"
        className={rising ? 'stroke-emerald-600' : 'stroke-red-600'}
      />
    </svg>
  );
}
