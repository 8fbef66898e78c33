import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { indiaDate } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { trpc } from '@/lib/trpc';
import { toast } from '@/lib/toast';
import { DocumentButton } from '@/features/invoices/DocumentButton';
import { bonusLabel, longDate, rupees, STATE_LABEL } from './scheme-format';

const route = getRouteApi('/account/schemes/$enrolmentId');

/**
 * /account/schemes/{id}: one scheme — paid instalments with a receipt each, the next due and a
 * pay button, bonus, maturity and the statement PDF. Back from a payment page (Razorpay's return
 * parameters), it first records the payment, as /payment/{orderId} does for an order.
 */
export function SchemeDetailPage() {
  const { enrolmentId } = route.useParams();
  const search = route.useSearch();
  const utils = trpc.useUtils();
  const scheme = trpc.schemes.get.useQuery({ enrolmentId });
  const confirm = trpc.schemes.confirmReturn.useMutation({
    onSuccess: (answer) => {
      utils.schemes.get.setData({ enrolmentId }, answer.enrolment);
      if (answer.status === 'PAID') toast.success('Instalment paid. Thank you!');
      else if (answer.status === 'FAILED') toast.error('The payment failed: please try again.');
    },
    onError: (error) => toast.error(error.message),
  });
  const asked = useRef(false);
  useEffect(() => {
    const paymentId = search.razorpay_payment_id;
    if (!paymentId || asked.current) return;
    asked.current = true;
    confirm.mutate({
      enrolmentId,
      paymentId,
      ...(search.razorpay_payment_link_id
        ? { paymentLinkId: search.razorpay_payment_link_id }
        : {}),
      ...(search.razorpay_payment_link_status
        ? { status: search.razorpay_payment_link_status }
        : {}),
      ...(search.razorpay_signature ? { signature: search.razorpay_signature } : {}),
      ...(search.razorpay_payment_link_reference_id
        ? { referenceId: search.razorpay_payment_link_reference_id }
        : {}),
    });
  }, [confirm, enrolmentId, search]);
  const pay = trpc.schemes.pay.useMutation({
    onSuccess: (answer) => window.location.assign(answer.paymentUrl),
    onError: (error) => toast.error(error.message),
  });
  const e = scheme.data;
  if (scheme.error)
    return <main className="mx-auto max-w-3xl px-4 py-10">{scheme.error.message}</main>;
  if (!e) return <main className="mx-auto max-w-3xl px-4 py-10">Loading…</main>;
  const base = `/api/schemes/enrolments/${e.id}/statement`;
  const ref = e.id.slice(0, 8).toUpperCase();
  const paidTotal = e.paid.reduce((s, p) => s + p.amount, 0);
  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <Link to="/user-details" search={{ layout: 4 }} className="text-sm text-primary underline">
        ← Savings schemes
      </Link>
      <header className="grid gap-1">
        <p className="text-xs tracking-[0.2em] text-gold-ink uppercase">Scheme {ref}</p>
        <h1 className="font-serif text-3xl">{e.plan.name}</h1>
        <p className="text-sm text-muted-foreground" data-testid="scheme-state">
          {STATE_LABEL[e.state]}
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="scheme-figures">
        {[
          ['Paid', `${rupees(paidTotal)} (${e.paid.length}/${e.plan.instalments})`],
          [bonusLabel(e.state), rupees(e.bonus)],
          ['Balance', rupees(e.balance)],
          ['Matures on', e.maturesOn ? longDate(e.maturesOn) : 'after the first instalment'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {e.redeemBy && (
        <p className="text-sm">
          Redeem for jewellery by <strong>{longDate(e.redeemBy)}</strong> (never as cash).
        </p>
      )}
      {e.due && (
        <section className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-secondary/40 p-4">
          <p className="text-sm">
            Instalment {e.due.n} of {rupees(e.instalment)} is due on{' '}
            <strong>{longDate(e.due.date)}</strong>
            {e.due.overdue && <span className="text-destructive"> — overdue</span>}
          </p>
          <Button
            type="button"
            disabled={pay.isPending}
            onClick={() => pay.mutate({ enrolmentId })}
          >
            Pay {rupees(e.instalment)}
          </Button>
        </section>
      )}
      <section className="grid gap-3" aria-labelledby="paid-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="paid-title" className="font-serif text-xl">
            Instalments paid
          </h2>
          <DocumentButton url={base} fileName={`scheme-${ref}-statement.pdf`}>
            Statement (PDF)
          </DocumentButton>
        </div>
        {e.paid.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing paid yet.</p>
        ) : (
          <ul className="divide-y rounded-xl border bg-card" data-testid="scheme-paid">
            {e.paid.map((p) => (
              <li
                key={p.n}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              >
                <span className="grid gap-0.5">
                  <span>
                    No. {p.n} · {longDate(indiaDate(new Date(p.paidAt)))} · {rupees(p.amount)}
                    {p.late && <span className="text-destructive"> · past grace</span>}
                  </span>
                  {p.receiptNo && (
                    <span className="text-xs break-all text-muted-foreground">
                      Receipt {p.receiptNo}
                      {p.reference && <> · Ref. {p.reference}</>}
                    </span>
                  )}
                </span>
                <DocumentButton
                  url={`${base}?receipt=${p.n}`}
                  fileName={`scheme-${ref}-receipt-${p.n}.pdf`}
                >
                  Receipt
                </DocumentButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <details className="text-sm text-muted-foreground">
        <summary className="cursor-pointer">Terms you enrolled on</summary>
        <p className="mt-2 whitespace-pre-line">{e.plan.terms}</p>
      </details>
    </main>
  );
}
