import { Trash2 } from 'lucide-react';
import { allowedActions, orderHoldsMoney } from '@kanak/shared';
import { ConfirmAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import type { AdminOrder } from '../shared/types';

const trigger = (
  <Button
    variant="destructive"
    size="icon"
    className="size-8"
    aria-label="Delete order"
    title="Delete order"
  >
    <Trash2 />
  </Button>
);

/**
 * The spec's Delete on every row. An unpaid order is deleted after the usual confirmation; one
 * with money on it (paid, or a refund owed) is never deleted: the dialog says why and offers to
 * cancel it instead when the order can still be cancelled. The server enforces the same (409).
 */
export function DeleteOrderButton({
  order,
  onDelete,
  onCancel,
}: {
  order: AdminOrder;
  onDelete: () => void;
  onCancel: () => void;
}) {
  if (!orderHoldsMoney(order)) return <ConfirmDialog trigger={trigger} onConfirm={onDelete} />;
  const cancellable = allowedActions(order.orderStatus).some((a) => a.action === 'cancel');
  const why = order.refundDue
    ? 'A refund is owed on this order. Deleting it would erase the record of money the shop must pay back, so it is kept.'
    : 'This order has been paid. Deleting it would erase the record of the money taken, so it is kept.';
  const instead = cancellable
    ? ' Cancel it instead: its pieces go back into stock and the payment is marked for refund.'
    : order.orderStatus === 'CANCELLED'
      ? ''
      : ` A ${order.orderStatus.toLowerCase()} order can no longer be cancelled.`;
  return (
    <ConfirmAlert
      trigger={trigger}
      testId="undeletable-order"
      title="This order cannot be deleted"
      description={
        <>
          {why}
          {instead}
        </>
      }
      cancelLabel="Close"
      confirmLabel={cancellable ? 'Cancel order instead' : undefined}
      onConfirm={onCancel}
      destructive
    />
  );
}
