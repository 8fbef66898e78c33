import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TitledDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useToken } from '@/features/session/use-session';
import { trpc } from '@/lib/trpc';

/**
 * "Tell me when 22K gold is below ₹X/g": a visitor names an e-mail and confirms by the
 * mailed link; a signed-in shopper's account e-mail is used. The server's message says which.
 */
export function RateAlertDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Today's 22K rate, ₹ per gram: the figure starts a little below it. */
  current: number;
}) {
  const signedIn = useToken() !== null;
  const ask = trpc.rateAlerts.ask.useMutation();
  const [email, setEmail] = useState('');
  const [below, setBelow] = useState(String(Math.floor(current * 0.98)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({
      metal: 'gold',
      purity: '916',
      below,
      ...(signedIn ? {} : { email }),
    });
  };
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-md"
      title="22K gold rate alert"
      description="We e-mail you once when the shop publishes a 22K rate below your figure."
    >
      {ask.isSuccess ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {ask.data.message}
        </p>
      ) : (
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {!signedIn && (
            <div className="grid gap-1.5">
              <Label htmlFor="rate-alert-email">E-mail</Label>
              <Input
                id="rate-alert-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="rate-alert-below">Tell me when 22K gold is below (₹ per gram)</Label>
            <Input
              id="rate-alert-below"
              inputMode="decimal"
              required
              value={below}
              onChange={(e) => setBelow(e.target.value)}
            />
          </div>
          {ask.isError && (
            <p role="alert" className="text-sm text-destructive">
              {ask.error.message}
            </p>
          )}
          <Button type="submit" disabled={ask.isPending}>
            {ask.isPending ? 'Setting the alert…' : 'Set the alert'}
          </Button>
        </form>
      )}
    </TitledDialog>
  );
}
