import { RotateCcw } from 'lucide-react';
import type { OrderView } from '@kanak/shared';

const WORDS: Record<string, string> = {
  requested: 'requested',
  approved: 'approved: pickup',
  received: 'received: checking',
  on_hold: 'on hold',
};

/** Beside the status of a delivered order whose return is not finished: it is not plainly done. */
export function ReturnBadge({ openReturn }: { openReturn: OrderView['openReturn'] }) {
  if (!openReturn) return null;
  const what = openReturn.kind === 'return' ? 'Return' : 'Exchange';
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-900"
      data-testid="return-badge"
    >
      <RotateCcw className="size-3" aria-hidden />
      {what} {WORDS[openReturn.state] ?? openReturn.state.replace('_', ' ')}
    </span>
  );
}
