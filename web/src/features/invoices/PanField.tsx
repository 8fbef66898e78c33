import { useId } from 'react';
import * as z from 'zod/mini';
import { formatRupees, PAN_THRESHOLD, panSchema } from '@kanak/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The PAN as typed, checked: the value to send, or the message to show. */
export function checkPan(text: string): { pan: string } | { problem: string } {
  const parsed = z.safeParse(panSchema, text);
  return parsed.success ? { pan: parsed.data } : { problem: parsed.error.issues[0]!.message };
}

/** Checkout's PAN field, shown for an order above ₹2,00,000. */
export function PanField({
  value,
  problem,
  onChange,
}: {
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm lg:col-span-2"
      data-testid="checkout-pan"
    >
      <Label htmlFor={id} className="font-medium">
        PAN of the buyer
      </Label>
      <p id={`${id}-hint`} className="mt-1 text-amber-950">
        The law asks for the buyer&apos;s PAN on a purchase above {formatRupees(PAN_THRESHOLD)}; it
        is printed on your tax invoice.
      </p>
      <Input
        id={id}
        value={value}
        maxLength={10}
        autoCapitalize="characters"
        placeholder="AAAAA9999A"
        className="mt-2 w-44 bg-white uppercase"
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
