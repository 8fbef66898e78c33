import { useState, type ReactNode } from 'react';
import {
  DEFAULT_CARRIERS,
  indiaDate,
  type ExchangeSlotWindow,
  type ReturnPickupInput,
  type ReturnView,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { SlotWindowOptions } from '@/features/exchange/SlotWindowOptions';
import { cn } from '@/lib/utils';

const DAY_MS = 86_400_000;

/**
 * The owner approves a return with how the piece comes back: a reverse pickup booked with a
 * carrier (the order's delivery address or another, the day and window, the carrier and its
 * reverse AWB), or the shopper posting it (the instructions they read; empty: the shop's return
 * address). The shopper's approval mail says which. The same form changes a recorded pickup
 * (another day, carrier or AWB), starting from it; the shopper is mailed the new one.
 */
export function ApproveReturnForm({
  id,
  busy,
  onApprove,
  current,
  submitLabel = 'Approve',
}: {
  id: string;
  busy: boolean;
  onApprove: (pickup: ReturnPickupInput) => void;
  /** The pickup recorded already (changing it): the form starts from it. */
  current?: NonNullable<ReturnView['pickup']>;
  submitLabel?: string;
}) {
  const [method, setMethod] = useState<'courier' | 'post'>(current?.method ?? 'courier');
  // A changed pickup keeps the address it had unless the owner types another.
  const [otherAddress, setOtherAddress] = useState(false);
  const [address, setAddress] = useState('');
  const [date, setDate] = useState(
    () => current?.slot?.date ?? indiaDate(new Date(Date.now() + DAY_MS)),
  );
  const [window, setWindow] = useState<ExchangeSlotWindow>(current?.slot?.window ?? '10-13');
  const [carrier, setCarrier] = useState(current?.carrier ?? '');
  const [awb, setAwb] = useState(current?.awb ?? '');
  const [instructions, setInstructions] = useState('');
  const field = (name: string) => `${name}-${id}`;
  return (
    <form
      className="space-y-3 rounded-md border p-3"
      aria-label={current ? 'Change the pickup' : 'Approve and arrange the pickup'}
      onSubmit={(e) => {
        e.preventDefault();
        onApprove(
          method === 'courier'
            ? {
                method,
                ...(otherAddress && address.trim()
                  ? { address }
                  : current?.address
                    ? { address: current.address }
                    : {}),
                slot: { date, window },
                carrier,
                awb,
              }
            : { method, ...(instructions.trim() ? { instructions } : {}) },
        );
      }}
    >
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium">How the piece comes back</legend>
        {(
          [
            ['courier', 'Reverse pickup by a carrier'],
            ['post', 'The customer sends it by insured post'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={field('pickup-method')}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
              className="accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {method === 'courier' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={otherAddress}
              onChange={(e) => setOtherAddress(e.target.checked)}
              className="accent-primary"
            />
            {current?.address
              ? `Collect from another address (else ${current.address})`
              : "Collect from another address (else the order's delivery address)"}
          </label>
          {otherAddress && (
            <Field
              id={field('pickup-address')}
              label="Pickup address (house, street, area, PIN)"
              className="sm:col-span-2"
            >
              <Textarea
                id={field('pickup-address')}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                maxLength={300}
              />
            </Field>
          )}
          <Field id={field('pickup-date')} label="Pickup day">
            <Input
              id={field('pickup-date')}
              type="date"
              className="h-9"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </Field>
          <Field id={field('pickup-window')} label="Time">
            <NativeSelect
              id={field('pickup-window')}
              className="h-9"
              value={window}
              onChange={(e) => setWindow(e.target.value as ExchangeSlotWindow)}
            >
              <SlotWindowOptions />
            </NativeSelect>
          </Field>
          <Field id={field('pickup-carrier')} label="Carrier">
            <Input
              id={field('pickup-carrier')}
              className="h-9"
              list={field('carriers')}
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
            />
            <datalist id={field('carriers')}>
              {DEFAULT_CARRIERS.map((c) => (
                <option key={c.code} value={c.name} />
              ))}
            </datalist>
          </Field>
          <Field id={field('pickup-awb')} label="Reverse AWB">
            <Input
              id={field('pickup-awb')}
              className="h-9 font-mono uppercase"
              value={awb}
              onChange={(e) => setAwb(e.target.value)}
            />
          </Field>
        </div>
      ) : (
        <Field
          id={field('post-instructions')}
          label="Instructions for the customer (empty: send it by registered, insured post to the shop's return address)"
        >
          <Textarea
            id={field('post-instructions')}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            maxLength={600}
          />
        </Field>
      )}
      <Button
        size="sm"
        type="submit"
        disabled={busy || (method === 'courier' && (!carrier.trim() || !awb.trim()))}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

/** A small labelled control of the form. */
function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
    </div>
  );
}
