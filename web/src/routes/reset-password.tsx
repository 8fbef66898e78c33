import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** /reset-password?token=…: the link of a password reset mail. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  // A chunk of its own: its form (react-hook-form, the schemas) stays out of the first load.
  component: lazyRouteComponent(async () => {
    const { ResetPasswordPage } = await import('@/features/account/ResetPasswordPage');
    return {
      default: function ResetPasswordRoute() {
        const { token } = resetPasswordRoute.useSearch();
        return <ResetPasswordPage token={token} />;
      },
    };
  }),
});
