import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { trpc } from '@/lib/trpc';

/**
 * /rate-alerts/confirm/{token} and /rate-alerts/unsubscribe/{token}: the rate-alert mails' links.
 * One click, no login: the page acts once on arrival and says what it did.
 */
export function RateAlertLinkPage({
  token,
  action,
}: {
  token: string;
  action: 'confirm' | 'unsubscribe';
}) {
  const confirm = trpc.rateAlerts.confirm.useMutation();
  const unsubscribe = trpc.rateAlerts.unsubscribe.useMutation();
  const mutation = action === 'confirm' ? confirm : unsubscribe;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutation.mutate({ token });
  }, [token, mutation]);
  return (
    <main className="mx-auto grid max-w-md gap-4 px-4 py-12">
      <h1 className="font-serif text-3xl text-primary">Rate alert</h1>
      <p role="status" className="rounded-md bg-muted p-3 text-sm">
        {mutation.isSuccess
          ? mutation.data.message
          : mutation.isError
            ? 'This link is not valid (it may have been copied incompletely, or the alert was ended).'
            : action === 'confirm'
              ? 'Confirming the alert…'
              : 'Stopping the alert…'}
      </p>
      <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to the shop
      </Link>
    </main>
  );
}
