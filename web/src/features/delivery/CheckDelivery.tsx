import { useEffect, useId, useState, type FormEvent } from 'react';
import { MapPin } from 'lucide-react';
import { formatRupees, isPinShaped, PIN_INPUT_MESSAGE, promiseLine } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { trpc } from '@/lib/trpc';
import { readLastPin, rememberPin } from './last-pin';

/**
 * The product page's "Check delivery" box: a PIN in, "Delivery by Tue, 2 Dec to 560001" or "We
 * do not deliver to 744101 yet" out (GET /api/delivery/promise). `value` (rupees, the size on
 * screen) is checked against the zone's insured cap, again when another size is chosen.
 */
export function CheckDelivery({ value }: { value: number }) {
  const id = useId();
  const [pin, setPin] = useState('');
  /** The PIN asked about (the box may be edited since). */
  const [asked, setAsked] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const promise = trpc.delivery.promise.useQuery(
    { pin: asked, value },
    { enabled: asked !== '', retry: false },
  );

  // After hydration only (the server render knows no PIN): the PIN last checked, checked again.
  useEffect(() => {
    const last = readLastPin();
    if (!isPinShaped(last)) return;
    setPin(last);
    setAsked(last);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPinShaped(pin)) {
      setAsked('');
      setProblem(PIN_INPUT_MESSAGE);
      return;
    }
    setProblem(null);
    setAsked(pin.trim());
    rememberPin(pin.trim());
  };

  const answer = asked ? promise.data : undefined;
  const shown = problem ?? (asked && promise.error ? promise.error.message : null);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <MapPin className="size-4 text-primary" aria-hidden /> Check delivery
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex gap-2">
        <label htmlFor={`${id}-pin`} className="sr-only">
          Delivery PIN code
        </label>
        <Input
          id={`${id}-pin`}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter PIN code"
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-answer`}
          className="max-w-48"
        />
        <Button type="submit" variant="outline" disabled={Boolean(asked) && promise.isFetching}>
          {asked && promise.isFetching ? 'Checking…' : 'Check'}
        </Button>
      </form>
      <div id={`${id}-answer`} role="status" className="mt-2 min-h-5 text-sm">
        {shown && <p className="text-destructive">{shown}</p>}
        {!shown && answer && (
          <p className={answer.serviceable ? 'font-medium text-foreground' : 'text-destructive'}>
            {promiseLine(answer)}
            {answer.serviceable && answer.district && (
              <span className="font-normal text-muted-foreground">
                {' '}
                · {answer.district}, {answer.state}
              </span>
            )}
          </p>
        )}
        {!shown && answer?.serviceable && !answer.withinCap && answer.insuredCap !== null && (
          <p className="text-destructive">
            One parcel to this PIN can be insured for at most {formatRupees(answer.insuredCap)}.
          </p>
        )}
      </div>
    </section>
  );
}
