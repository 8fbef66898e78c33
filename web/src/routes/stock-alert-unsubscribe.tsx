import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** The unsubscribe link of a back-in-stock mail. */
export const stockAlertUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'stock-alerts/unsubscribe/$token',
  // A chunk of its own, out of the first load.
  component: lazyRouteComponent(async () => {
    const { UnsubscribePage } = await import('@/features/stock-alerts/UnsubscribePage');
    return {
      default: function StockAlertUnsubscribeRoute() {
        const { token } = stockAlertUnsubscribeRoute.useParams();
        return <UnsubscribePage token={token} />;
      },
    };
  }),
});
