import { CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePaymentLink } from './use-payment-link';

/**
 * "Pay now" for an unpaid order: asks for its payment link (the open one is reused, else a fresh
 * one is made) and leaves for it, first showing a re-quoted total (use-payment-link.tsx).
 */
export function PayNowButton({
  orderId,
  size = 'default',
  className,
}: {
  orderId: string;
  size?: 'default' | 'sm' | 'lg';
  className?: string;
}) {
  const { pay, busy, dialog } = usePaymentLink();
  return (
    <>
      {dialog}
      <Button
        size={size}
        className={className}
        disabled={busy}
        onClick={() => pay.mutate({ orderId })}
        data-testid="pay-now"
      >
        <CreditCard /> {busy ? 'Opening payment…' : 'Pay now'}
      </Button>
    </>
  );
}
