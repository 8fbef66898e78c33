import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { allowedActions, type AdminOrderAction } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, LabelledMenu } from '@/components/ui/dropdown-menu';
import { ACTION_LABELS } from './action-labels';

/** The Status menu: only the moves the order state machine allows from the current status. */
export function OrderStatusMenu({
  status,
  disabled,
  onMove,
}: {
  status: string;
  disabled?: boolean;
  onMove: (action: AdminOrderAction) => void;
}) {
  const actions = allowedActions(status);
  const [open, setOpen] = useState(false);
  return (
    <LabelledMenu
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          data-replay=""
          // The menu opens on pointerdown and on keys; a click with no pointer before it (a screen
          // reader's, a replayed press, element.click()) opened nothing: it opens the menu too.
          onClick={(event) => {
            if (event.detail === 0) setOpen(true);
          }}
          disabled={disabled || actions.length === 0}
          title={actions.length === 0 ? `No moves from ${status}` : undefined}
        >
          Status <ChevronDown />
        </Button>
      }
      label={`Move ${status.toLowerCase()} order to`}
    >
      {actions.map((a) => (
        <DropdownMenuItem
          key={a.action}
          onSelect={() => onMove(a.action)}
          variant={a.action === 'cancel' ? 'destructive' : undefined}
        >
          {ACTION_LABELS[a.action]}
        </DropdownMenuItem>
      ))}
    </LabelledMenu>
  );
}
