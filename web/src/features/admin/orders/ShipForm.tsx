import { useState } from 'react';
import { ExternalLink, Truck } from 'lucide-react';
import {
  AWB_MESSAGE,
  AWB_PATTERN,
  formatRupees,
  insuredCapWarning,
  normaliseAwb,
  type Carrier,
  type OrderView,
} from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { trpc } from '@/lib/trpc';
import { formatMoment } from './order-dates';

export interface Carriage {
  carrier: string;
  awb: string;
}

/**
 * The ship form of a placed or confirmed order: carrier (CARRIERS), AWB, the insured value (the
 * order's value) with a warning past the carrier's cap. Once shipped, the parcel it left in.
 * The server checks carrier and AWB again (400 with the reason).
 */
export function ShipmentSection({
  order,
  busy,
  onShip,
}: {
  order: Pick<OrderView, 'orderStatus' | 'totalDiscountedPrice' | 'shipment'>;
  busy: boolean;
  onShip: (carriage: Carriage) => void;
}) {
  if (order.shipment) return <ShipmentDetails shipment={order.shipment} />;
  if (order.orderStatus !== 'PLACED' && order.orderStatus !== 'CONFIRMED') return null;
  return <ShipFormCard insuredValue={order.totalDiscountedPrice} busy={busy} onShip={onShip} />;
}

function ShipFormCard({
  insuredValue,
  busy,
  onShip,
}: {
  insuredValue: number;
  busy: boolean;
  onShip: (carriage: Carriage) => void;
}) {
  const carriers = trpc.orders.carriers.useQuery(undefined, { staleTime: 5 * 60_000 });
  const [code, setCode] = useState('');
  const [awb, setAwb] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list: Carrier[] = carriers.data ?? [];
  const carrier = list.find((c) => c.code === code) ?? list[0];
  const warning = carrier ? insuredCapWarning(carrier, insuredValue) : null;
  return (
    <Card className="gap-3" data-testid="ship-form">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Truck className="size-4" aria-hidden /> Ship
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const typed = normaliseAwb(awb);
            if (!carrier) return setProblem('Choose a carrier');
            if (!AWB_PATTERN.test(typed)) return setProblem(AWB_MESSAGE);
            setProblem(null);
            onShip({ carrier: carrier.code, awb: typed });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="ship-carrier">Carrier</Label>
            <NativeSelect
              id="ship-carrier"
              value={carrier?.code ?? ''}
              onChange={(e) => setCode(e.target.value)}
              disabled={!carriers.data}
            >
              {list.map((c) => (
                <NativeSelectOption key={c.code} value={c.code}>
                  {c.name} (insures up to {formatRupees(c.insuredCap)})
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="ship-awb">AWB number</Label>
            <Input
              id="ship-awb"
              value={awb}
              maxLength={40}
              autoComplete="off"
              className="font-mono uppercase"
              aria-invalid={problem ? true : undefined}
              onChange={(e) => setAwb(e.target.value)}
            />
          </div>
          <p className="text-sm">
            Insured value <span className="font-semibold">{formatRupees(insuredValue)}</span>
            <span className="text-muted-foreground"> (the order's value)</span>
          </p>
          {warning && (
            <p
              role="status"
              data-testid="insured-cap-warning"
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              {warning}. Choose a carrier for valuables, or split the parcel.
            </p>
          )}
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="submit" disabled={busy || !carrier}>
            Mark shipped
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ShipmentDetails({ shipment }: { shipment: NonNullable<OrderView['shipment']> }) {
  return (
    <Card className="gap-3" data-testid="shipment">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Truck className="size-4" aria-hidden /> Shipment
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-1 text-sm">
          <Row label="Carrier">{shipment.carrier}</Row>
          <Row label="AWB">
            <span className="font-mono">{shipment.awb}</span>
          </Row>
          <Row label="Insured">{formatRupees(shipment.insuredValue)}</Row>
          <Row label="Shipped">{formatMoment(shipment.shippedAt)}</Row>
        </dl>
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1 text-sm text-primary underline-offset-2 hover:underline"
        >
          Tracking page <ExternalLink className="size-4" aria-hidden />
        </a>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}
