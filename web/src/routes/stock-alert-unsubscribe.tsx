import { createRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '@/features/stock-alerts/UnsubscribePage';
import { rootRoute } from './root';

/** The unsubscribe link of a back-in-stock mail (issue 24). */
export const stockAlertUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'stock-alerts/unsubscribe/$token',
  component: function StockAlertUnsubscribeRoute() {
    const { token } = stockAlertUnsubscribeRoute.useParams();
    return <UnsubscribePage token={token} />;
  },
});
