import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import type { AdminOrderDetail } from '../shared/types';
import { OrderSection } from './OrderSection';

type Address = AdminOrderDetail['order']['shippingAddress'];

/** The delivery address as a label would carry it, one line each. */
export const addressLines = (a: Address) => [
  `${a.firstName} ${a.lastName}`,
  a.streetAddress,
  `${a.city}, ${a.state} ${a.zipCode}`,
  `Mobile: ${a.mobile}`,
];

export function AddressCard({ address }: { address: Address }) {
  const lines = addressLines(address);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      toast.success('Address copied');
    } catch {
      toast.error('Could not copy: select the address and copy it');
    }
  };
  return (
    <OrderSection
      title="Delivery address"
      testId="delivery-address"
      action={
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
      }
    >
      <address className="text-sm leading-6 not-italic select-all">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </OrderSection>
  );
}
