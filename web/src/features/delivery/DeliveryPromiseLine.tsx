import { Truck } from 'lucide-react';
import { isPinShaped, promiseLine } from '@kanak/shared';
import { trpc } from '@/lib/trpc';

/** The promise for an order's address (checkout's summary step): "Delivery by Tue, 2 Dec to 560001". */
export function DeliveryPromiseLine({ pin, value }: { pin: string; value: number }) {
  const promise = trpc.delivery.promise.useQuery(
    { pin: pin.trim(), value },
    { enabled: isPinShaped(pin), retry: false },
  );
  if (!promise.data) return null;
  return (
    <p
      data-testid="delivery-promise"
      className="flex items-center gap-2 rounded-lg border bg-card px-4 py-3 text-sm font-medium"
    >
      <Truck className="size-4 text-primary" aria-hidden /> {promiseLine(promise.data)}
    </p>
  );
}
