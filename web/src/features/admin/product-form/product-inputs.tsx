import { useFormContext } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { fieldAria, FormField } from '@/components/FormField';
import type { ProductFormFields } from './product-fields';

/** The product form's required one-line text, whole-number and pick-one fields. */

export function TextField({ name, label }: { name: 'title' | 'brand'; label: string }) {
  const { register, formState } = useFormContext<ProductFormFields>();
  const error = formState.errors[name]?.message;
  return (
    <FormField id={name} label={label} error={error} required>
      <Input {...register(name)} {...fieldAria(name, error)} />
    </FormField>
  );
}

export function NumberField({
  name,
  label,
  readOnly = false,
}: {
  name: 'quantity' | 'price' | 'discountedPrice' | 'discountPercent';
  label: string;
  readOnly?: boolean;
}) {
  const { register, formState } = useFormContext<ProductFormFields>();
  const error = formState.errors[name]?.message;
  return (
    <FormField id={name} label={label} error={error} required>
      <Input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        readOnly={readOnly}
        {...register(name)}
        {...fieldAria(name, error)}
        className={readOnly ? 'bg-muted' : undefined}
      />
    </FormField>
  );
}

export function ChoiceField({
  name,
  label,
  options,
}: {
  name:
    | 'color'
    | 'occasion'
    | 'collectionName'
    | 'type'
    | 'topLevelCategory'
    | 'secondLevelCategory'
    | 'thirdLevelCategory';
  label: string;
  options: readonly string[];
}) {
  const { register, formState } = useFormContext<ProductFormFields>();
  const error = formState.errors[name]?.message;
  return (
    <FormField id={name} label={label} error={error} required>
      <NativeSelect {...register(name)} {...fieldAria(name, error)}>
        <NativeSelectOption value="">Select {label.toLowerCase()}</NativeSelectOption>
        {options.map((o) => (
          <NativeSelectOption key={o} value={o}>
            {o}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FormField>
  );
}
