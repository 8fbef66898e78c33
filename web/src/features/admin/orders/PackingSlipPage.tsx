import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, FileDown, Printer } from 'lucide-react';
import { formatRupees, type OrderView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { openInvoice } from '@/features/invoices/download-invoice';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { formatDay } from './order-dates';
import { addressLines } from './AddressCard';

const route = getRouteApi('/admin/orders/$orderId/slip');

/**
 * /admin/orders/$orderId/slip: the packing slip that goes in the parcel — shop, order number,
 * date, where it goes, what is in it with each piece's HUID to check against the engraving, and
 * the parcel (carrier, AWB, insured value) once shipped. No prices but the insured value. One A4
 * page; the buttons do not print.
 */
export function PackingSlipPage() {
  const { orderId } = route.useParams();
  const detail = trpc.orders.adminDetail.useQuery({ orderId });
  const toolbar = (
    <div className="mb-6 flex items-center justify-between gap-3 print:hidden">
      <Link
        to="/admin/orders/$orderId"
        params={{ orderId }}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to the order
      </Link>
      <div className="flex gap-2">
        {/* The same slip as a PDF, with the sender and return address (SELLER_* settings). */}
        <Button
          variant="outline"
          onClick={() =>
            void openInvoice(
              `/api/admin/orders/${orderId}/packing-slip`,
              `packing-slip-${orderId.slice(0, 8).toUpperCase()}.pdf`,
            ).catch((error: Error) => toast.error(error.message))
          }
        >
          <FileDown aria-hidden /> PDF
        </Button>
        <Button onClick={() => window.print()} disabled={!detail.data}>
          <Printer aria-hidden /> Print
        </Button>
      </div>
    </div>
  );
  return (
    <main className="mx-auto max-w-[210mm] bg-white p-6 text-black print:max-w-none print:p-0">
      <style>{'@page { size: A4; margin: 14mm; }'}</style>
      {toolbar}
      {detail.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(detail.error)}
        </p>
      ) : !detail.data ? (
        <Skeleton className="h-[60vh]" />
      ) : (
        <article data-testid="packing-slip" className="break-inside-avoid text-sm">
          <header className="flex items-start justify-between gap-4 border-b-2 border-black pb-4">
            <div>
              <p className="text-2xl font-semibold tracking-wide">Kanak Jewellers</p>
              <p className="text-xs uppercase tracking-widest">Packing slip</p>
            </div>
            <dl className="text-right">
              <dt className="text-xs uppercase">Order</dt>
              <dd className="font-mono text-lg font-semibold">#{detail.data.orderNumber}</dd>
              <dt className="mt-1 text-xs uppercase">Date</dt>
              <dd>{formatDay(detail.data.order.orderDate)}</dd>
              {detail.data.order.invoice && (
                <>
                  <dt className="mt-1 text-xs uppercase">Invoice</dt>
                  <dd className="font-mono">{detail.data.order.invoice.number}</dd>
                </>
              )}
            </dl>
          </header>
          <section className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
            <div>
              <h2 className="text-xs font-semibold uppercase tracking-widest">Deliver to</h2>
              <address className="mt-2 text-base leading-6 not-italic">
                {addressLines(detail.data.order.shippingAddress).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
            <Parcel order={detail.data.order} />
          </section>
          <table className="mt-8 w-full border-collapse">
            <thead>
              <tr className="border-b border-black text-left text-xs uppercase">
                <th className="py-2 pr-2 font-semibold">#</th>
                <th className="py-2 pr-2 font-semibold">Item</th>
                <th className="py-2 pr-2 font-semibold">Size</th>
                <th className="py-2 pr-2 font-semibold">Weight</th>
                <th className="py-2 pr-2 font-semibold">HUID</th>
                <th className="py-2 text-right font-semibold">Qty</th>
              </tr>
            </thead>
            <tbody>
              {detail.data.order.orderItems.map((item, i) => (
                <tr key={item._id} className="border-b border-gray-300 align-top">
                  <td className="py-2 pr-2">{i + 1}</td>
                  <td className="py-2 pr-2">
                    <span className="block font-medium">{item.title}</span>
                    <span className="text-xs">{item.brand}</span>
                  </td>
                  <td className="py-2 pr-2">{item.size || '—'}</td>
                  <td className="py-2 pr-2">{item.weight || '—'}</td>
                  <td className="py-2 pr-2 font-mono" data-testid="slip-huids">
                    {item.huids?.length ? item.huids.join(', ') : item.needsHuid ? '________' : '—'}
                  </td>
                  <td className="py-2 text-right">{item.quantity}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={5} className="pt-2 text-right font-semibold">
                  Pieces
                </td>
                <td className="pt-2 text-right font-semibold">{detail.data.order.totalItem}</td>
              </tr>
            </tfoot>
          </table>
          <p className="mt-10 text-xs">Thank you for shopping with Kanak Jewellers.</p>
        </article>
      )}
    </main>
  );
}

/** The parcel: carrier, AWB and insured value once shipped; blanks to fill in by hand before. */
function Parcel({ order }: { order: Pick<OrderView, 'shipment' | 'totalDiscountedPrice'> }) {
  const s = order.shipment;
  return (
    <div data-testid="slip-parcel">
      <h2 className="text-xs font-semibold uppercase tracking-widest">Parcel</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt>Carrier</dt>
        <dd className="font-medium">{s?.carrier ?? '____________'}</dd>
        <dt>AWB</dt>
        <dd className="font-mono font-semibold">{s?.awb ?? '____________'}</dd>
        <dt>Insured value</dt>
        <dd className="font-medium">
          {formatRupees(s?.insuredValue ?? order.totalDiscountedPrice)}
        </dd>
        {s && (
          <>
            <dt>Shipped</dt>
            <dd>{formatDay(s.shippedAt)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
