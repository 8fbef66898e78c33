import { formatRupees, percentOff } from '@kanak/shared';

/** Price Details: Sub Total, Discount, Delivery Charge FREE, TOTAL (spec section 2). */
export function PriceDetails({
  totalPrice,
  discount,
  totalDiscountedPrice,
}: {
  totalPrice: number;
  discount: number;
  totalDiscountedPrice: number;
}) {
  return (
    <section
      aria-labelledby="price-details"
      className="rounded-xl border bg-card p-5 shadow-xs"
      data-testid="price-details"
    >
      <h2 id="price-details" className="text-xl tracking-[0.12em] uppercase">
        Price Details
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between">
          <dt>Sub Total</dt>
          <dd>{formatRupees(totalPrice)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Discount</dt>
          <dd className="text-emerald-700">
            −{formatRupees(discount)} ({percentOff(totalPrice, totalDiscountedPrice)}%)
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery Charge</dt>
          <dd className="font-semibold text-emerald-700">FREE</dd>
        </div>
        <div className="flex justify-between border-t pt-3 text-base font-semibold">
          <dt>
            TOTAL{' '}
            <span className="block text-xs font-normal text-muted-foreground">
              including all taxes
            </span>
          </dt>
          <dd data-testid="cart-total">{formatRupees(totalDiscountedPrice)}</dd>
        </div>
      </dl>
    </section>
  );
}
