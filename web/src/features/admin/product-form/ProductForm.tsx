import { Loader2 } from 'lucide-react';
import { FormProvider } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ProductPricingFields } from '@/features/pricing/ProductPricingFields';
import { StonesFields } from '@/features/stones/StonesFields';
import { DetailsCard } from './DetailsCard';
import { ImagesCard } from './ImagesCard';
import { CategoryCard, DescriptionCard, PriceCard } from './ProductCards';
import { SizesCard } from './SizesCard';
import { useProductForm, type ProductFormOptions } from './use-product-form';

export type { SaveRefusal, SaveResult } from './use-product-form';

/** The Add New Product form of spec section 2, also used to edit a product. */
export function ProductForm({
  submitLabel,
  ...options
}: ProductFormOptions & { submitLabel: string }) {
  const { form, save, failure, stockNotes, computed, pricedMark, uploading, onUploading } =
    useProductForm(options);
  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate className="space-y-6" aria-label="Product">
        <ImagesCard onUploading={onUploading} />
        <DetailsCard computed={computed} pricedMark={pricedMark} />
        <ProductPricingFields />
        <StonesFields />
        <PriceCard computed={computed} />
        <CategoryCard />
        <DescriptionCard />
        <SizesCard stockNotes={stockNotes} />
        {failure && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
            data-testid="form-failure"
          >
            {failure.message}
            {failure.hint && (
              <span className="mt-1 block font-normal text-foreground">{failure.hint}</span>
            )}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting || uploading}>
            {form.formState.isSubmitting && <Loader2 className="animate-spin" />}
            {uploading ? 'Uploading images…' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
