import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { trpc } from '@/lib/trpc';

/** /stock-alerts/unsubscribe/{token}: the back-in-stock mail's link; ends the alert, no login. */
export function UnsubscribePage({ token }: { token: string }) {
  const unsubscribe = trpc.stockAlerts.unsubscribe.useMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribe.mutate({ token });
  }, [token, unsubscribe]);
  return (
    <main className="mx-auto grid max-w-md gap-4 px-4 py-12">
      <h1 className="font-serif text-3xl text-primary">Back-in-stock e-mail</h1>
      <p role="status" className="rounded-md bg-muted p-3 text-sm">
        {unsubscribe.isSuccess
          ? unsubscribe.data.message
          : unsubscribe.isError
            ? 'This link is not valid (it may have been copied incompletely).'
            : 'Stopping the e-mail…'}
      </p>
      <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to the shop
      </Link>
    </main>
  );
}
