import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';

/** Any other path: a 404 image with a Back to Home button (spec section 2). */
export function NotFoundPage() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <img
        src="/404.svg"
        alt="Page not found: 404"
        className="w-full max-w-sm"
        width={400}
        height={260}
      />
      <h1 className="text-3xl text-primary">This page has wandered off</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has been moved.
      </p>
      <Button asChild size="lg">
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
