import type { AdminOrderDetail } from '../shared/types';
import { formatMoment } from './order-dates';
import { OrderSection } from './OrderSection';

const ACTOR_LABELS: Record<string, string> = {
  admin: 'Admin',
  customer: 'Customer',
  payment: 'Payment',
  system: 'System',
};

/** Every status the order went through, by whom and when. */
export function HistoryCard({ events }: { events: AdminOrderDetail['events'] }) {
  return (
    <OrderSection title="History" testId="order-history">
      <ol className="space-y-3">
        {events.map((e) => (
          <li key={e._id} className="flex gap-3 text-sm">
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />
            {/* Notes carry provider payment ids: long unbroken words that must wrap on a phone. */}
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <p>
                <span className="font-medium">
                  {!e.from ? `Created as ${e.to}` : e.from === e.to ? e.to : `${e.from} → ${e.to}`}
                </span>{' '}
                <span className="text-muted-foreground">
                  by {ACTOR_LABELS[e.actor] ?? e.actor}
                  {e.actorName && ` (${e.actorName})`}
                </span>
              </p>
              {e.note && <p className="text-muted-foreground">{e.note}</p>}
              <p className="text-xs text-muted-foreground">{formatMoment(e.at)}</p>
            </div>
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
