import { ExternalLink, Truck } from 'lucide-react';
import { formatIndiaDate, type ShipmentView } from '@kanak/shared';

const day = (iso: string) => formatIndiaDate(iso);

/** The shopper's parcel: courier, AWB, dispatch day and the courier's tracking page. */
export function ShipmentCard({ shipment }: { shipment: ShipmentView }) {
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-5 py-4 shadow-xs"
      aria-label="Shipment"
      data-testid="shipment"
    >
      <div className="flex items-start gap-3">
        <Truck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="text-sm">
          <p className="font-medium">
            Shipped with {shipment.carrier} on {day(shipment.shippedAt)}
          </p>
          <p className="text-muted-foreground">
            AWB <span className="font-mono text-foreground">{shipment.awb}</span> · insured
          </p>
        </div>
      </div>
      <a
        href={shipment.trackingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
      >
        Track with {shipment.carrier} <ExternalLink className="size-4" aria-hidden />
      </a>
    </section>
  );
}
