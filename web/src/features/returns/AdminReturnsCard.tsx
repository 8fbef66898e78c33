import { useState } from 'react';
import {
  formatRupees,
  type ReturnAction,
  type ReturnPickupInput,
  type ReturnView,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { ApproveReturnForm } from './ApproveReturnForm';
import { ReturnTimeline } from './ReturnTimeline';

/**
 * The owner's side of an order's returns: each request with its moves and the next step —
 * approve or refuse (with a reason), record the piece received with the HUIDs read off it
 * (checked against those sold), then refund or credit; while the check has not passed, correct
 * the HUIDs, hold the piece or refuse the return with a reason. Until the piece is in, the
 * pickup may be changed. Shown only when there is one.
 */
export function AdminReturnsCard({ orderId }: { orderId: string }) {
  const returns = trpc.returns.byOrder.useQuery({ orderId });
  if (!returns.data?.length) return null;
  return (
    <Card className="gap-3" data-testid="admin-returns">
      <CardHeader>
        <CardTitle className="text-base">Returns and exchanges</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {returns.data.map((r) => (
          <div key={r.id} className="space-y-3">
            <ReturnTimeline request={r} viewer="admin" />
            <NextStep request={r} onMoved={() => void returns.refetch()} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

type Go = (
  action: ReturnAction,
  extra?: { reason?: string; huids?: Record<string, string[]>; pickup?: ReturnPickupInput },
) => void;

export function NextStep({ request, onMoved }: { request: ReturnView; onMoved: () => void }) {
  const move = trpc.returns.move.useMutation({
    onSuccess: () => onMoved(),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const go: Go = (action, extra = {}) => move.mutate({ returnId: request.id, action, ...extra });
  const busy = move.isPending;

  if (request.state === 'requested')
    return (
      <div className="space-y-3">
        <ApproveReturnForm
          id={request.id}
          busy={busy}
          onApprove={(pickup) => go('approve', { pickup })}
        />
        <div className="flex flex-wrap items-end gap-2">
          <WithReason id={`refuse-${request.id}`} label="Reason to refuse" action="Refuse">
            {(reason) => go('refuse', { reason })}
          </WithReason>
        </div>
      </div>
    );
  if (request.state === 'approved')
    return (
      <div className="space-y-3">
        <HuidForm
          request={request}
          busy={busy}
          submit="Record received"
          onSubmit={(huids) => go('receive', { huids })}
        />
        <ChangePickup
          request={request}
          busy={busy}
          onChange={(pickup) => go('repickup', { pickup })}
        />
      </div>
    );
  if (request.state === 'received' || request.state === 'on_hold') {
    const blocked = request.huidMismatch !== null;
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          {request.state === 'received' ? (
            <Button
              size="sm"
              disabled={busy || blocked}
              title={
                blocked
                  ? 'The HUID check has not passed: correct the HUIDs, hold or refuse'
                  : undefined
              }
              onClick={() => go('refund')}
            >
              {request.kind === 'return' ? 'Refund' : 'Credit'} and restock
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => go('resume')}>
              Resume inspection
            </Button>
          )}
          {request.state === 'received' && (
            <WithReason
              id={`hold-${request.id}`}
              label="Reason to hold (for the shop)"
              action="Hold"
            >
              {(reason) => go('hold', { reason })}
            </WithReason>
          )}
          <WithReason
            id={`refuse-${request.id}`}
            label="Reason to refuse (the shopper reads it)"
            action="Refuse return"
          >
            {(reason) => go('refuse', { reason })}
          </WithReason>
        </div>
        {(blocked || request.state === 'on_hold') && (
          <HuidForm
            request={request}
            busy={busy}
            submit="Correct HUIDs and check again"
            onSubmit={(huids) => go('correct', { huids })}
          />
        )}
      </div>
    );
  }
  if (request.state === 'refunded' && request.kind === 'return' && request.refundStatus === 'due')
    return <TransferForm request={request} onPaid={onMoved} />;
  return null;
}

/**
 * The pickup booked at approval changed (the carrier moved the slot, a new AWB, the shopper
 * posts it after all): the owner records the new one and the shopper is mailed it.
 */
function ChangePickup({
  request,
  busy,
  onChange,
}: {
  request: ReturnView;
  busy: boolean;
  onChange: (pickup: ReturnPickupInput) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Change pickup
      </Button>
    );
  return (
    <ApproveReturnForm
      // A new form per recorded pickup: after a change it starts from the one saved.
      key={request.pickup?.summary}
      id={`repickup-${request.id}`}
      busy={busy}
      current={request.pickup ?? undefined}
      submitLabel="Save the new pickup and tell the customer"
      onApprove={(pickup) => {
        onChange(pickup);
        setOpen(false);
      }}
    />
  );
}

/**
 * A refund no provider could pay (cash on delivery): the owner pays it by bank transfer, then
 * records the transfer's reference here, and the refund reads paid.
 */
function TransferForm({ request, onPaid }: { request: ReturnView; onPaid: () => void }) {
  const pay = trpc.returns.payByTransfer.useMutation({
    onSuccess: () => onPaid(),
    onError: (error) => toast.error(errorMessage(error)),
  });
  // A provider's refund refused is asked again from the refund step, not paid by hand.
  if ((request.refundParts ?? []).length > 1) return null;
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="bank-transfer">
      <WithReason
        id={`transfer-${request.id}`}
        label={`Bank transfer reference (UTR) of the ${formatRupees(request.amount)} paid`}
        action="Mark paid by bank transfer"
      >
        {(reference) => pay.mutate({ returnId: request.id, reference: reference.trim() })}
      </WithReason>
    </div>
  );
}

/** A reason field and the button that sends it (disabled until something is typed). */
function WithReason({
  id,
  label,
  action,
  children: send,
}: {
  id: string;
  label: string;
  action: string;
  children: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <>
      <div className="grid min-w-48 flex-1 gap-1">
        <Label htmlFor={id} className="text-xs">
          {label}
        </Label>
        <Input id={id} className="h-8" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <Button size="sm" variant="outline" disabled={!reason.trim()} onClick={() => send(reason)}>
        {action}
      </Button>
    </>
  );
}

/**
 * The HUIDs read off each piece in hand. The label does not print the HUIDs sold: the owner
 * types what is on the piece, and the server checks it against the record.
 */
function HuidForm({
  request,
  busy,
  submit,
  onSubmit,
}: {
  request: ReturnView;
  busy: boolean;
  submit: string;
  onSubmit: (huids: Record<string, string[]>) => void;
}) {
  const [huids, setHuids] = useState<Record<string, string>>(() =>
    Object.fromEntries(request.items.map((i) => [i.orderItemId, ''])),
  );
  return (
    <form
      className="space-y-2"
      aria-label={submit}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(
          Object.fromEntries(
            Object.entries(huids).map(([id, text]) => [id, text.split(/[\s,]+/).filter(Boolean)]),
          ),
        );
      }}
    >
      {request.items.map((item) => (
        <div key={item.orderItemId} className="grid gap-1">
          <Label htmlFor={`huid-${request.id}-${item.orderItemId}`} className="text-xs">
            HUIDs on {item.title}
            {item.lineQuantity && item.quantity < item.lineQuantity
              ? ` (${item.quantity} of its ${item.lineQuantity} pieces returned)`
              : ''}{' '}
            (as read off the piece)
          </Label>
          <Input
            id={`huid-${request.id}-${item.orderItemId}`}
            className="h-8 font-mono uppercase"
            value={huids[item.orderItemId] ?? ''}
            onChange={(e) => setHuids((h) => ({ ...h, [item.orderItemId]: e.target.value }))}
          />
        </div>
      ))}
      <Button size="sm" type="submit" disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}
