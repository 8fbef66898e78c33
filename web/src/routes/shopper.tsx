import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { searchText as text } from '@/lib/search-params';
import { requireToken } from './guards';
import { rootRoute } from './root';

export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cart',
  component: lazyRouteComponent(() => import('@/features/cart/CartPage'), 'CartPage'),
});

/** /checkout?step=&order_id= (guarded). */
export const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'checkout',
  validateSearch: (search: Record<string, unknown>): { step?: number; order_id?: string } => {
    const step = Number(search.step);
    return {
      ...(Number.isInteger(step) ? { step } : {}),
      ...(text(search.order_id) ? { order_id: text(search.order_id) } : {}),
    };
  },
  beforeLoad: requireToken,
  component: lazyRouteComponent(() => import('@/features/checkout/CheckoutPage'), 'CheckoutPage'),
});

type PaymentStatus = 'paid' | 'failed' | 'created' | 'cancelled' | 'expired' | 'partially_paid';
const STATUSES: readonly string[] = [
  'paid',
  'failed',
  'created',
  'cancelled',
  'expired',
  'partially_paid',
];

/** /payment/{orderId}: reads Razorpay's return parameters (both providers use these names). */
export const paymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'payment/$orderId',
  validateSearch: (search: Record<string, unknown>) => {
    const status = text(search.razorpay_payment_link_status);
    return {
      razorpay_payment_id: text(search.razorpay_payment_id),
      razorpay_payment_link_id: text(search.razorpay_payment_link_id),
      razorpay_payment_link_status:
        status && STATUSES.includes(status) ? (status as PaymentStatus) : undefined,
      razorpay_signature: text(search.razorpay_signature),
      razorpay_payment_link_reference_id: text(search.razorpay_payment_link_reference_id),
      payment_id: text(search.payment_id),
    };
  },
  component: lazyRouteComponent(() => import('@/features/checkout/PaymentPage'), 'PaymentPage'),
});

/** /cod/{orderId}?code=: the cash-on-delivery code entry (the mailed link fills the code in). */
export const codConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cod/$orderId',
  validateSearch: (search: Record<string, unknown>): { code?: string } => {
    const code = text(search.code);
    return code && /^\d{6}$/.test(code) ? { code } : {};
  },
  beforeLoad: requireToken,
  component: lazyRouteComponent(
    () => import('@/features/checkout/CodConfirmPage'),
    'CodConfirmPage',
  ),
});

/** /user-details?layout=0..5 (guarded; 4: savings schemes; 5: the passbook). */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user-details',
  validateSearch: (search: Record<string, unknown>): { layout: 0 | 1 | 2 | 3 | 4 | 5 } => {
    const layout = Number(search.layout);
    return { layout: layout >= 1 && layout <= 5 ? (layout as 1 | 2 | 3 | 4 | 5) : 0 };
  },
  beforeLoad: requireToken,
  component: lazyRouteComponent(() => import('@/features/account/AccountPage'), 'AccountPage'),
});

export const orderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account/orders/$orderId/$index',
  beforeLoad: requireToken,
  component: lazyRouteComponent(
    () => import('@/features/orders/OrderDetailPage'),
    'OrderDetailPage',
  ),
});

/** /account/schemes/{id}: one savings scheme; also where an instalment's payment page returns. */
export const schemeDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account/schemes/$enrolmentId',
  validateSearch: (
    search: Record<string, unknown>,
  ): {
    razorpay_payment_id?: string;
    razorpay_payment_link_id?: string;
    razorpay_payment_link_status?: string;
    razorpay_signature?: string;
    razorpay_payment_link_reference_id?: string;
  } => ({
    razorpay_payment_id: text(search.razorpay_payment_id),
    razorpay_payment_link_id: text(search.razorpay_payment_link_id),
    razorpay_payment_link_status: text(search.razorpay_payment_link_status),
    razorpay_signature: text(search.razorpay_signature),
    razorpay_payment_link_reference_id: text(search.razorpay_payment_link_reference_id),
  }),
  beforeLoad: requireToken,
  component: lazyRouteComponent(
    () => import('@/features/schemes/SchemeDetailPage'),
    'SchemeDetailPage',
  ),
});
