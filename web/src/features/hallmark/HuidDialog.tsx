import { useState } from 'react';
import {
  HUID_MESSAGE,
  HUID_PATTERN,
  normaliseHuid,
  type AdminOrderAction,
  type HuidsInput,
  type OrderView,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Lines whose pieces take a HUID (hallmarked gold): the dialog asks for each unit. */
const huidLines = (order: Pick<OrderView, 'orderItems'>) =>
  order.orderItems.filter((i) => i.hallmark);

/** What saving the HUID dialog does: a move with the HUIDs, or only recording them. */
export type HuidStep = AdminOrderAction | 'record';

/**
 * What an order's "Add HUIDs" does with them: its next move (confirm from PLACED, ship from
 * CONFIRMED), only recording them once shipped or delivered (the invoice waits for them), or
 * null when no gold piece of 2 g or more lacks its HUID.
 */
export function huidsAction(order: Pick<OrderView, 'orderItems' | 'orderStatus'>): HuidStep | null {
  const lacking = order.orderItems.some((i) => i.needsHuid && (i.huids?.length ?? 0) < i.quantity);
  if (!lacking) return null;
  if (order.orderStatus === 'PLACED') return 'confirmed';
  if (order.orderStatus === 'CONFIRMED') return 'ship';
  if (order.orderStatus === 'SHIPPED' || order.orderStatus === 'DELIVERED') return 'record';
  return null;
}

/** The server's 409 for a ship without HUIDs (HUID_REQUIRED_TO_SHIP), as core words it. */
export const refusedForHuids = (message: string) => message.startsWith('HUIDs are needed');

/**
 * Asks an admin confirming or shipping an order for the HUID of each hallmarked gold piece
 * (one per unit; required for pieces of 2 g or more). The server checks format and uniqueness.
 */
export function HuidDialog({
  order,
  action,
  onSubmit,
  onClose,
}: {
  order: Pick<OrderView, '_id' | 'orderItems'>;
  action: HuidStep;
  onSubmit: (huids: HuidsInput) => void;
  onClose: () => void;
}) {
  const lines = huidLines(order);
  const [values, setValues] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(
      lines.map((l) => [l._id, Array.from({ length: l.quantity }, (_, i) => l.huids?.[i] ?? '')]),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const huids: HuidsInput = {};
    for (const line of lines) {
      const typed = (values[line._id] ?? []).map(normaliseHuid).filter(Boolean);
      const bad = typed.find((h) => !HUID_PATTERN.test(h));
      if (bad) return setProblem(`${HUID_MESSAGE}: "${bad}" is not one`);
      if (typed.length) huids[line._id] = typed;
    }
    onSubmit(huids);
  };
  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-lg"
      data-testid="huid-dialog"
      title="HUID of each gold piece"
      description={
        <>
          {action === 'record'
            ? 'Type'
            : `Before you ${action === 'ship' ? 'ship' : 'confirm'} this order, type`}{' '}
          the 6-character hallmark unique ID (HUID) engraved on each piece. Gold of 2 g or more
          needs one to be sold; a HUID can be sold once.
        </>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {lines.map((line) => (
          <fieldset key={line._id} className="grid gap-2">
            <legend className="text-sm font-medium">
              {line.title} · {line.weight} · {line.hallmark}
              {line.needsHuid ? '' : ' (under 2 g: optional)'}
            </legend>
            {(values[line._id] ?? []).map((value, unit) => (
              <div key={unit} className="flex items-center gap-2">
                <Label htmlFor={`huid-${line._id}-${unit}`} className="w-16 text-xs">
                  Piece {unit + 1}
                </Label>
                <Input
                  id={`huid-${line._id}-${unit}`}
                  value={value}
                  maxLength={6}
                  className="w-32 font-mono uppercase"
                  onChange={(e) =>
                    setValues((v) => ({
                      ...v,
                      [line._id]: (v[line._id] ?? []).map((old, i) =>
                        i === unit ? e.target.value : old,
                      ),
                    }))
                  }
                />
              </div>
            ))}
          </fieldset>
        ))}
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">
            {action === 'record'
              ? 'Save HUIDs'
              : action === 'ship'
                ? 'Save and ship'
                : 'Save and confirm'}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
