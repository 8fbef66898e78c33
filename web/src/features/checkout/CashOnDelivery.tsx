import { useNavigate } from '@tanstack/react-router';
import { Banknote } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@kanak/shared';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';

/**
 * "Cash on delivery" beside the online payment: offered as the server decides (cap, PIN,
 * a refused parcel, balances), disabled with its reason otherwise. Choosing it mails a code and
 * opens the code entry screen.
 */
export function CashOnDelivery({
  orderId,
  usesBalance,
}: {
  orderId: string;
  usesBalance: boolean;
}) {
  const navigate = useNavigate();
  const options = trpc.payments.checkoutOptions.useQuery({ orderId }, { retry: false });
  const choose = trpc.payments.create.useMutation({
    onSuccess: () => {
      toast.success('We have e-mailed you a code to confirm the order');
      void navigate({ to: '/cod/$orderId', params: { orderId } });
    },
    onError: (error) => toast.error(error.message),
  });
  const cod = options.data?.cod;
  if (!cod) return null;
  const reason = usesBalance
    ? 'Cash on delivery cannot be combined with a savings scheme or store credit'
    : cod.available
      ? null
      : (cod.reason ?? 'Cash on delivery is not available for this order');
  return (
    <div className="space-y-1" data-testid="cod-option">
      <Button
        size="lg"
        variant="outline"
        className="w-full"
        disabled={!!reason || choose.isPending}
        onClick={() => choose.mutate({ orderId, method: 'cod' })}
      >
        <Banknote /> {choose.isPending ? 'Sending your code…' : 'Cash on delivery'}
      </Button>
      {reason ? (
        <p className="text-center text-xs text-muted-foreground">{reason}</p>
      ) : (
        <p className="text-center text-xs text-muted-foreground" data-testid="cod-due">
          {cod.feeRupees > 0
            ? `A cash-on-delivery fee of ${formatRupees(cod.feeRupees)} is added: you pay ${formatRupees(cod.payOnDeliveryRupees)} in cash when it arrives`
            : `You pay ${formatRupees(cod.payOnDeliveryRupees)} in cash when it arrives`}
        </p>
      )}
    </div>
  );
}
