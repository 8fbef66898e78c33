import { formatRupees, type OrderTender } from '@kanak/shared';
import { trpc } from '@/lib/trpc';

/** What the shopper chose to pay with besides the link (sent with the Payment request). */
export interface TenderChoice {
  schemeEnrolmentId?: string;
  useStoreCredit?: boolean;
}

/**
 * "Pay with my scheme balance" / "Use store credit" at checkout (issues 36 and 33): offered when
 * the shopper has a matured scheme with a balance or store credit, each with what it covers and
 * the rest to pay by link. Balances already holding part of the order are shown instead. Plain
 * checkboxes with labels: reachable and toggled by keyboard.
 */
export function BalanceTenders({
  total,
  held,
  choice,
  onChange,
}: {
  total: number;
  held: OrderTender[];
  choice: TenderChoice;
  onChange: (choice: TenderChoice) => void;
}) {
  const schemes = trpc.schemes.list.useQuery({}, { retry: false });
  const credit = trpc.exchange.credit.useQuery(undefined, { retry: false });
  const live = held.filter((t) => t.status !== 'RETURNED');
  const heldSum = live.reduce((s, t) => s + t.amount, 0);
  const hasScheme = live.some((t) => t.kind === 'scheme');
  const hasCredit = live.some((t) => t.kind === 'store_credit');
  const matured = hasScheme
    ? []
    : (schemes.data ?? []).filter((e) => e.state === 'MATURED' && Math.floor(e.balance) >= 1);
  const creditBalance = hasCredit ? 0 : Math.floor(credit.data?.balance ?? 0);
  if (live.length === 0 && matured.length === 0 && creditBalance < 1) return null;

  // What each chosen balance covers, scheme first, as the server spends them.
  let due = total - heldSum;
  const chosen = matured.find((e) => e.id === choice.schemeEnrolmentId);
  const schemeCovers = chosen ? Math.min(Math.floor(chosen.balance), due) : 0;
  due -= schemeCovers;
  const creditCovers = choice.useStoreCredit ? Math.min(creditBalance, due) : 0;
  due -= creditCovers;

  return (
    <section
      aria-labelledby="pay-with-balance"
      className="space-y-3 rounded-xl border bg-card p-5 shadow-xs"
      data-testid="balance-tenders"
    >
      <h2 id="pay-with-balance" className="text-sm font-semibold tracking-[0.12em] uppercase">
        Pay with your balance
      </h2>
      {live.map((t) => (
        <p key={t.kind} className="flex justify-between gap-3 text-sm">
          <span>{t.label}</span>
          <span className="tabular-nums">−{formatRupees(t.amount)}</span>
        </p>
      ))}
      {matured.map((e) => (
        <label key={e.id} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            checked={choice.schemeEnrolmentId === e.id}
            onChange={(event) =>
              onChange({
                ...choice,
                schemeEnrolmentId: event.target.checked ? e.id : undefined,
              })
            }
          />
          <span className="flex-1">
            Pay with my scheme balance
            <span className="block text-xs text-muted-foreground">
              {e.plan.name}: {formatRupees(Math.floor(e.balance))} available, usable until{' '}
              {e.redeemBy}
            </span>
          </span>
          {choice.schemeEnrolmentId === e.id && (
            <span className="tabular-nums">−{formatRupees(schemeCovers)}</span>
          )}
        </label>
      ))}
      {creditBalance >= 1 && (
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            checked={!!choice.useStoreCredit}
            onChange={(event) => onChange({ ...choice, useStoreCredit: event.target.checked })}
          />
          <span className="flex-1">
            Use store credit
            <span className="block text-xs text-muted-foreground">
              {formatRupees(creditBalance)} available
            </span>
          </span>
          {choice.useStoreCredit && (
            <span className="tabular-nums">−{formatRupees(creditCovers)}</span>
          )}
        </label>
      )}
      <p
        className="flex justify-between border-t pt-3 text-base font-semibold"
        data-testid="rest-to-pay"
      >
        <span>Rest to pay</span>
        <span className="tabular-nums">{formatRupees(due)}</span>
      </p>
    </section>
  );
}
