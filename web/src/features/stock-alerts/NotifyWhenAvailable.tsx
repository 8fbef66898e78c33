import { useEffect, useId, useState, type FormEvent } from 'react';
import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useSession } from '@/features/session/use-session';
import { trpc } from '@/lib/trpc';

export interface SoldOutSize {
  weight: string;
  /** What the shopper reads ("5 g · Size 12"). */
  label: string;
}

/**
 * "Notify me when available" for a product's sold-out sizes: one click when signed in (the
 * account's e-mail), an e-mail field for a visitor. The server mails once when the size is back.
 */
export function NotifyWhenAvailable({
  productId,
  soldOut,
  preferred,
}: {
  productId: string;
  soldOut: SoldOutSize[];
  /** The size on screen, when it is sold out. */
  preferred?: string;
}) {
  const id = useId();
  const { token, user } = useSession();
  const [weight, setWeight] = useState(preferred ?? soldOut[0]?.weight ?? '');
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const subscribe = trpc.stockAlerts.subscribe.useMutation();
  useEffect(() => {
    if (preferred) setWeight(preferred);
  }, [preferred]);
  useEffect(() => {
    setDone(null);
    setProblem(null);
  }, [weight]);
  if (soldOut.length === 0) return null;
  const signedIn = Boolean(token && user);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!signedIn && !email.trim()) {
      setProblem('Please enter your e-mail.');
      return;
    }
    try {
      const answer = await subscribe.mutateAsync({
        productId,
        weight,
        ...(signedIn ? {} : { email: email.trim() }),
      });
      setDone(answer.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Please try again in a moment.');
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-dashed bg-card p-4"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-medium">
        <BellRing className="size-4 text-primary" aria-hidden /> Notify me when available
      </h2>
      {done ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {done}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[auto_1fr_auto]">
          {soldOut.length > 1 ? (
            <div className="grid gap-1">
              <label htmlFor={`${id}-size`} className="text-xs text-muted-foreground">
                Sold-out size
              </label>
              <NativeSelect
                id={`${id}-size`}
                value={weight}
                onChange={(e) => setWeight(e.target.value)}
              >
                {soldOut.map((s) => (
                  <NativeSelectOption key={s.weight} value={s.weight}>
                    {s.label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <p className="self-end text-sm text-muted-foreground">
              {soldOut[0]!.label} is sold out.
            </p>
          )}
          {signedIn ? (
            <p className="self-end text-sm text-muted-foreground">
              We will write to {user!.email} once it is back.
            </p>
          ) : (
            <div className="grid gap-1">
              <label htmlFor={`${id}-email`} className="text-xs text-muted-foreground">
                Your e-mail
              </label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
              />
            </div>
          )}
          <Button type="submit" className="self-end" disabled={subscribe.isPending}>
            {subscribe.isPending ? 'Saving…' : 'Notify me'}
          </Button>
        </form>
      )}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
