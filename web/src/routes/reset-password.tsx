import { createRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/account/ResetPasswordPage';
import { rootRoute } from './root';

/** /reset-password?token=…: the link of a password reset mail (issue 24). */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: function ResetPasswordRoute() {
    const { token } = resetPasswordRoute.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
