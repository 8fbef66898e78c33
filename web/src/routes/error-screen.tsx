import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';

/** The router's error screen (spec section 2). */
export function RouterErrorScreen({ error, reset }: ErrorComponentProps) {
  return (
    <main role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl text-primary">Unexpected Application Error!</h1>
      <p className="mt-3 text-muted-foreground">
        {error instanceof Error ? error.message : 'Something went wrong.'}
      </p>
      <Button className="mt-6" onClick={() => reset()}>
        Try again
      </Button>
    </main>
  );
}
