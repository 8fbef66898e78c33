import { formatIndiaDateTime, formatRupees, purityLabel, type SizeView } from '@kanak/shared';

const grams = (g: number) => `${g.toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;
const perGram = (r: number) =>
  `₹${r.toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}/g`;

/** The product page's "Price breakup" for the selected size (metal pricing only). */
export function PriceBreakupTable({ size }: { size: SizeView | undefined }) {
  const b = size?.priceBreakup;
  if (!b) return null;
  const metal = b.metal.charAt(0).toUpperCase() + b.metal.slice(1);
  const rows: [string, string][] = [
    ['Metal', `${metal} ${purityLabel(b.metal, b.purity)}`],
    ['Rate per gram', perGram(b.ratePerGram)],
    ['Net weight', grams(b.netWeight)],
    ['Metal value', formatRupees(b.metalValue)],
    ['Making charges', formatRupees(b.making)],
  ];
  if (b.makingDiscount > 0)
    rows.push(['Discount on making', `− ${formatRupees(b.makingDiscount)}`]);
  if (b.stones > 0) rows.push(['Stones', formatRupees(b.stones)]);
  rows.push(['GST 3%', formatRupees(b.gst)]);
  const published = formatIndiaDateTime(b.ratePublishedAt);
  return (
    <section aria-labelledby="breakup-title" className="rounded-xl border bg-card p-5">
      <h2 id="breakup-title" className="text-2xl">
        Price breakup
      </h2>
      <table className="mt-3 w-full text-sm" data-testid="price-breakup">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-b border-border/60">
              <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                {label}
              </th>
              <td className="py-1.5 text-right tabular-nums">{value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold">
              Total
            </th>
            <td className="pt-2 text-right text-base font-semibold tabular-nums">
              {formatRupees(b.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted-foreground">
        At the rate published {published}. GST is 3% of metal, making and stones.
      </p>
    </section>
  );
}
