import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { formatRupees, type PaymentLinkAnswer } from '@kanak/shared';
import { ConfirmAlert } from '@/components/ui/alert-dialog';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';

/**
 * Asks for an order's payment link and leaves for it. When the order was priced again for this
 * link (its quote outlived a link's life and today's metal rate moved it), the shopper sees the
 * new total first and chooses to pay it or not.
 */
export function usePaymentLink() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [requoted, setRequoted] = useState<PaymentLinkAnswer | null>(null);
  const pay = trpc.payments.create.useMutation({
    onSuccess: (answer, input) => {
      // A balance (scheme or store credit) paid it all: the order is placed, nothing to pay.
      if (!answer.payment_link_url) {
        void utils.orders.invalidate();
        void utils.schemes.invalidate();
        void utils.exchange.invalidate();
        if (answer.orderStatus === 'PLACED')
          toast.success('Paid from your balance: your order is placed');
        else toast.error('Your order could not be placed; what your balance paid went back to it');
        return void navigate({
          to: '/account/orders/$orderId/$index',
          params: { orderId: input.orderId, index: '0' },
        });
      }
      if (!answer.requote) return window.location.assign(answer.payment_link_url);
      setRequoted(answer);
      void utils.orders.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const dialog = requoted?.requote ? (
    <ConfirmAlert
      open
      onOpenChange={(open) => !open && setRequoted(null)}
      testId="requote-dialog"
      title="Priced again at today's rate"
      description={
        <>
          This order&apos;s price was held while its payment link was open. Metal rates have moved
          since, so it is now {formatRupees(requoted.requote.to)} (it was{' '}
          {formatRupees(requoted.requote.from)}). The payment link asks for the new total.
        </>
      }
      cancelLabel="Not now"
      confirmLabel={<>Pay {formatRupees(requoted.toPay ?? requoted.requote.to)}</>}
      onConfirm={() =>
        requoted.payment_link_url && window.location.assign(requoted.payment_link_url)
      }
    />
  ) : null;
  // Busy from the click until the page leaves (or the shopper chose not to pay yet).
  const busy =
    pay.isPending ||
    (pay.isSuccess && !requoted && !pay.data?.requote && !!pay.data?.payment_link_url);
  return { pay, busy, dialog };
}
