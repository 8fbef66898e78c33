import {
  createRoute,
  lazyRouteComponent,
  useParams,
  type RouteComponent,
} from '@tanstack/react-router';
import { rootRoute } from './root';

const page = (action: 'confirm' | 'unsubscribe', useToken: () => string): RouteComponent =>
  lazyRouteComponent(async () => {
    const { RateAlertLinkPage } = await import('@/features/rate-alerts/RateAlertLinkPage');
    return {
      default: function RateAlertLinkRoute() {
        return <RateAlertLinkPage token={useToken()} action={action} />;
      },
    };
  });

/** The rate-alert mails' confirm link: a chunk of its own, out of the first load. */
export const rateAlertConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'rate-alerts/confirm/$token',
  component: page('confirm', () => useParams({ strict: false }).token ?? ''),
});

/** The rate-alert mail's one-click unsubscribe link. */
export const rateAlertUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'rate-alerts/unsubscribe/$token',
  component: page('unsubscribe', () => useParams({ strict: false }).token ?? ''),
});
