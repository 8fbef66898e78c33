import { useRouterState } from '@tanstack/react-router';

/**
 * A thin bar at the top while the router loads the next page: a click answers at once, before
 * the next page has loaded.
 * It shows from the first frame of a pending navigation and the old page dims, so the shopper
 * sees the click was taken even when the next page's data or code is still on its way.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
