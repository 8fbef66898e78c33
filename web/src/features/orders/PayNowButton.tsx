import { CreditCard } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { trpc } from '@/lib/trpc';

/**
 * "Pay now" for an unpaid order: asks for its payment link (the open one is reused, else a fresh
 * one is made) and leaves for it.
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
  const pay = trpc.payments.create.useMutation({
    onSuccess: ({ payment_link_url }) => window.location.assign(payment_link_url),
    onError: (error) => toast.error(error.message),
  });
  const busy = pay.isPending || pay.isSuccess;
  return (
    <Button
      size={size}
      className={className}
      disabled={busy}
      onClick={() => pay.mutate({ orderId })}
      data-testid="pay-now"
    >
      <CreditCard /> {busy ? 'Opening payment…' : 'Pay now'}
    </Button>
  );
}
