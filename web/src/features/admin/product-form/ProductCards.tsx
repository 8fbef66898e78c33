import { useFormContext } from 'react-hook-form';
import {
  SECOND_LEVEL_CATEGORIES,
  THIRD_LEVEL_CATEGORIES,
  TOP_LEVEL_CATEGORIES,
} from '@kanak/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { fieldAria, FormField } from '@/components/FormField';
import type { ProductFormFields } from './product-fields';
import { ChoiceField, NumberField } from './product-inputs';

/** The two prices and the discount worked out from them; metal pricing fills the prices. */
export function PriceCard({ computed }: { computed: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price</CardTitle>
        <CardDescription>
          Whole rupees. The discount percentage is worked out from the two prices.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <NumberField name="price" label="Price" readOnly={computed} />
        <NumberField name="discountedPrice" label="Discounted Price" readOnly={computed} />
        <NumberField name="discountPercent" label="Discount Percentage" readOnly />
      </CardContent>
    </Card>
  );
}

/** Where the product sits in the catalogue's three levels. */
export function CategoryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Category</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <ChoiceField
          name="topLevelCategory"
          label="Top level Category"
          options={TOP_LEVEL_CATEGORIES}
        />
        <ChoiceField
          name="secondLevelCategory"
          label="Second level Category"
          options={SECOND_LEVEL_CATEGORIES}
        />
        <ChoiceField
          name="thirdLevelCategory"
          label="Third level Category"
          options={THIRD_LEVEL_CATEGORIES}
        />
      </CardContent>
    </Card>
  );
}

/** The product page's two texts. */
export function DescriptionCard() {
  const { register, formState } = useFormContext<ProductFormFields>();
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Description</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <FormField
          id="description"
          label="Description"
          error={errors.description?.message}
          required
        >
          <Textarea
            rows={4}
            {...register('description')}
            {...fieldAria('description', errors.description?.message)}
          />
        </FormField>
        <FormField id="details" label="Details" error={errors.details?.message} required>
          <Textarea
            rows={4}
            {...register('details')}
            {...fieldAria('details', errors.details?.message)}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
