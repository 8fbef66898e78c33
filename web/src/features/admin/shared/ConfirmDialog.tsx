import type { ReactNode } from 'react';
import { ConfirmAlert } from '@/components/ui/alert-dialog';

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title?: string;
  description?: string;
  confirmLabel?: string;
  onConfirm: () => void;
}

/** The admin's destructive-action confirmation (spec section 6: 'Are you sure?' / 'You won't be able to revert this!'). */
export function ConfirmDialog({
  trigger,
  title = 'Are you sure?',
  description = "You won't be able to revert this!",
  confirmLabel = 'Yes, delete it!',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <ConfirmAlert
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      destructive
    />
  );
}
