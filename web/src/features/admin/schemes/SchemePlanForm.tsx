import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { schemePlanFields, type AdminSchemePlan, type SchemePlanFields } from '@kanak/shared';
import { fieldAria, FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { planFields } from './plan-fields';

type PlanFormInput = z.input<typeof schemePlanFields>;

const EMPTY: PlanFormInput = {
  name: '',
  minInstalment: 1000,
  step: 500,
  instalments: 10,
  bonusPercent: 50,
  graceDays: 7,
  missedRule: 'MOVE_MATURITY',
  bonusCutPercent: 0,
  redeemWithinDays: 30,
  terms: '',
  paused: false,
};

const NUMBERS = [
  ['minInstalment', 'Min. instalment ₹'],
  ['step', 'Step ₹'],
  ['instalments', 'Instalments'],
  ['bonusPercent', 'Bonus %'],
  ['graceDays', 'Grace days'],
  ['bonusCutPercent', 'Bonus cut %'],
  ['redeemWithinDays', 'Redeem within days'],
] as const;

/**
 * A scheme plan's fields, validated by the API's own schema (schemePlanFields: the whole scheme
 * stays under 365 days). `plan` edits an existing one; pausing stops new enrolments only.
 */
export function SchemePlanForm({
  plan,
  saving,
  onSave,
  onCancel,
}: {
  plan?: AdminSchemePlan;
  saving: boolean;
  onSave: (fields: SchemePlanFields) => void;
  onCancel: () => void;
}) {
  const form = useForm<PlanFormInput, unknown, SchemePlanFields>({
    resolver: standardSchemaResolver(schemePlanFields),
    defaultValues: plan ? planFields(plan) : EMPTY,
  });
  const { errors } = form.formState;
  const prefix = plan ? `plan-${plan.id}` : 'plan-new';
  const idOf = (field: string) => `${prefix}-${field}`;

  return (
    <form
      noValidate
      aria-label={plan ? `Edit plan ${plan.name}` : 'New plan'}
      className="grid gap-4"
      onSubmit={form.handleSubmit(onSave)}
      data-testid="scheme-plan-form"
    >
      <FormField id={idOf('name')} label="Name" error={errors.name?.message} required>
        <Input {...fieldAria(idOf('name'), errors.name?.message)} {...form.register('name')} />
      </FormField>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
        {NUMBERS.map(([field, label]) => (
          <FormField key={field} id={idOf(field)} label={label} error={errors[field]?.message}>
            <Input
              {...fieldAria(idOf(field), errors[field]?.message)}
              type="number"
              inputMode="numeric"
              {...form.register(field, { valueAsNumber: true })}
            />
          </FormField>
        ))}
        <FormField
          id={idOf('missedRule')}
          label="If one is missed"
          error={errors.missedRule?.message}
        >
          <NativeSelect
            {...fieldAria(idOf('missedRule'), errors.missedRule?.message)}
            {...form.register('missedRule')}
          >
            <NativeSelectOption value="MOVE_MATURITY">moves maturity</NativeSelectOption>
            <NativeSelectOption value="SHRINK_BONUS">shrinks the bonus</NativeSelectOption>
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={idOf('terms')} label="Terms" error={errors.terms?.message} required>
        <Textarea
          {...fieldAria(idOf('terms'), errors.terms?.message)}
          rows={3}
          {...form.register('terms')}
        />
      </FormField>
      <p className="text-xs text-muted-foreground">
        Bonus % is of one instalment, paid at maturity; bonus cut % applies per missed instalment
        when a missed one shrinks the bonus. Instalments × 31 days + redeem within days must stay
        within 364 days.
      </p>
      <label className="flex items-center gap-2 text-sm" htmlFor={idOf('paused')}>
        <input
          id={idOf('paused')}
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('paused')}
        />
        Paused: closed to new enrolments (enrolled shoppers keep their terms)
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : plan ? 'Save plan' : 'Create plan'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
