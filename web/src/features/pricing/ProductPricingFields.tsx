import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  PRICING_METALS,
  PURITIES,
  breakupOf,
  canonicalPurity,
  formatRupees,
  productPricingInput,
} from '@kanak/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { FormField } from '@/components/FormField';
import type { ProductFormFields } from '@/features/admin/product-form/product-fields';
import { trpc } from '@/lib/trpc';

/**
 * The product form's pricing choice: fixed (the spec's typed prices) or from the
 * day's metal rate, with purity, making, stones, making discount and each size's net weight, and
 * a live breakup preview; for metal pricing it writes the computed prices into the price fields.
 */
export function ProductPricingFields() {
  const { register, control, setValue, formState } = useFormContext<ProductFormFields>();
  const pricing = useWatch({ control, name: 'pricing' });
  const sizes = useWatch({ control, name: 'sizes' });
  const rates = trpc.pricing.rates.useQuery(undefined, { enabled: pricing?.basis === 'metal' });
  const metal = pricing?.basis === 'metal' ? pricing.metal : undefined;
  const parsed = productPricingInput.safeParse(pricing);
  const metalPricing = parsed.success && parsed.data.basis === 'metal' ? parsed.data : null;
  const purity = metalPricing ? canonicalPurity(metalPricing.metal, metalPricing.purity) : null;
  const rate = rates.data?.rates.find(
    (r) => r.metal === metalPricing?.metal && r.purity === purity,
  );
  const previews = (sizes ?? []).map((s) => {
    const net = Number(s.netWeight);
    if (!metalPricing || !purity || !rate || !(net > 0)) return null;
    return breakupOf({ ...metalPricing, purity }, rate, net);
  });
  const first = previews[0];
  useEffect(() => {
    if (!first) return;
    setValue('price', first.price);
    setValue('discountedPrice', first.total);
  }, [first?.price, first?.total, setValue]); // eslint-disable-line react-hooks/exhaustive-deps
  const error = (formState.errors as { pricing?: { message?: string } }).pricing;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pricing</CardTitle>
        <CardDescription>
          Fixed: the prices typed below. Metal rate: worked out from today&apos;s rate, the net
          weight of each size, making, stones and GST 3 %, and updated whenever rates are published.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <FormField id="pricing-basis" label="Priced by">
          <NativeSelect id="pricing-basis" {...register('pricing.basis')}>
            <NativeSelectOption value="fixed">Fixed price</NativeSelectOption>
            <NativeSelectOption value="metal">Metal rate</NativeSelectOption>
          </NativeSelect>
        </FormField>
        {pricing?.basis === 'metal' && (
          <>
            <FormField id="pricing-metal" label="Rate metal">
              <NativeSelect id="pricing-metal" {...register('pricing.metal')}>
                <NativeSelectOption value="">Select</NativeSelectOption>
                {PRICING_METALS.map((m) => (
                  <NativeSelectOption key={m} value={m}>
                    {m}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="pricing-purity" label="Purity">
              <NativeSelect id="pricing-purity" {...register('pricing.purity')}>
                <NativeSelectOption value="">Select</NativeSelectOption>
                {PURITIES.filter((p) => p.metal === metal).map((p) => (
                  <NativeSelectOption key={p.purity} value={p.purity}>
                    {p.label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="pricing-making-kind" label="Making charged">
              <NativeSelect id="pricing-making-kind" {...register('pricing.making.kind')}>
                <NativeSelectOption value="percent">% of metal value</NativeSelectOption>
                <NativeSelectOption value="perGram">₹ per gram</NativeSelectOption>
              </NativeSelect>
            </FormField>
            <FormField id="pricing-making-value" label="Making charge">
              <Input
                id="pricing-making-value"
                inputMode="decimal"
                {...register('pricing.making.value')}
              />
            </FormField>
            <FormField id="pricing-stones" label="Stones (₹ per piece)">
              <Input id="pricing-stones" inputMode="numeric" {...register('pricing.stones')} />
            </FormField>
            <FormField id="pricing-discount" label="Discount on making (%)">
              <Input
                id="pricing-discount"
                inputMode="decimal"
                {...register('pricing.makingDiscountPercent')}
              />
            </FormField>
            {(sizes ?? []).map((s, i) => (
              <FormField
                key={i}
                id={`sizes-${i}-net-weight`}
                label={`Net weight of size ${i + 1}${s.weight ? ` (${s.weight} g)` : ''}, grams`}
              >
                <Input
                  id={`sizes-${i}-net-weight`}
                  inputMode="decimal"
                  {...register(`sizes.${i}.netWeight`)}
                />
              </FormField>
            ))}
            {error?.message && (
              <p role="alert" className="text-xs font-medium text-destructive sm:col-span-3">
                {error.message}
              </p>
            )}
            <div className="sm:col-span-3" data-testid="pricing-preview">
              {!rate ? (
                <p className="text-sm text-muted-foreground">
                  {metalPricing
                    ? 'No rate is published for this purity yet.'
                    : 'Fill in the pricing to see the breakup.'}
                </p>
              ) : (
                <table className="w-full text-sm">
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th className="py-1 font-medium">Size</th>
                      <th className="py-1 text-right font-medium">Metal</th>
                      <th className="py-1 text-right font-medium">Making</th>
                      <th className="py-1 text-right font-medium">GST</th>
                      <th className="py-1 text-right font-medium">Total</th>
                    </tr>
                  </thead>
                  <tbody>
                    {previews.map((b, i) => (
                      <tr key={i} className="border-t">
                        <td className="py-1">{i + 1}</td>
                        <td className="py-1 text-right">{b ? formatRupees(b.metalValue) : '—'}</td>
                        <td className="py-1 text-right">
                          {b ? formatRupees(b.making - b.makingDiscount) : '—'}
                        </td>
                        <td className="py-1 text-right">{b ? formatRupees(b.gst) : '—'}</td>
                        <td className="py-1 text-right font-medium">
                          {b ? formatRupees(b.total) : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
