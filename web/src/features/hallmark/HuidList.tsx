import type { OrderItemView } from '@kanak/shared';

/** The HUIDs of an order line's pieces, with where a shopper checks them. */
export function HuidList({ item }: { item: Pick<OrderItemView, 'huids' | 'hallmark'> }) {
  if (!item.huids?.length) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="huid-list">
      {item.hallmark ? `BIS ${item.hallmark} · ` : ''}HUID{item.huids.length > 1 ? 's' : ''}:{' '}
      <span className="font-mono font-medium text-foreground">{item.huids.join(', ')}</span> ·
      verify in the BIS CARE app
    </p>
  );
}
