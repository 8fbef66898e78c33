import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';

const route = getRouteApi('/cod/$orderId');

/**
 * The cash-on-delivery code entry: the six digits mailed to the shopper (the mail's link fills
 * them in) place the order; a wrong or expired code says so, as the server words it.
 */
export function CodConfirmPage() {
  const { orderId } = route.useParams();
  const search = route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [code, setCode] = useState(search.code ?? '');
  const confirm = trpc.cod.confirm.useMutation({
    onSuccess: (order) => {
      void utils.orders.invalidate();
      toast.success('Your order is placed: pay in cash when it arrives');
      void navigate({
        to: '/account/orders/$orderId/$index',
        params: { orderId: order._id, index: '0' },
      });
    },
  });
  const valid = /^\d{6}$/.test(code);
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="font-serif text-2xl">Confirm cash on delivery</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          We have e-mailed you a 6-digit code for order {orderId.slice(0, 8).toUpperCase()}. Enter
          it to place the order; you pay the courier in cash when it arrives.
        </p>
        <form
          className="mt-6 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) confirm.mutate({ orderId, code });
          }}
        >
          <Label htmlFor="cod-code">Code from the e-mail</Label>
          <Input
            id="cod-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            className="text-center text-2xl tracking-[0.5em]"
            aria-invalid={!!confirm.error}
          />
          {confirm.error && (
            <p role="alert" className="text-sm text-destructive">
              {confirm.error.message}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" disabled={!valid || confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm order'}
          </Button>
        </form>
        <p className="mt-4 text-xs text-muted-foreground">
          Not confirmed by the time given in the e-mail, the order is cancelled and nothing is sent.
        </p>
      </div>
    </div>
  );
}
