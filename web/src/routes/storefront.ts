import { homeRoute, loginRoute, registerRoute } from './home';
import { listingRoute } from './listing';
import { oldGoldRoute, policyPageRoute } from './pages';
import { productRoute, ratrevRoute } from './product';
import { resetPasswordRoute } from './reset-password';
import { searchRoute } from './search';
import { stockAlertUnsubscribeRoute } from './stock-alert-unsubscribe';
import { rateAlertConfirmRoute, rateAlertUnsubscribeRoute } from './rate-alert-links';
import {
  accountRoute,
  cartRoute,
  checkoutRoute,
  orderDetailRoute,
  paymentRoute,
  codConfirmRoute,
  schemeDetailRoute,
} from './shopper';

/** Every shopper route (spec section 2); the admin tree is added beside these in router.tsx. */
export const storefrontRoutes = [
  homeRoute,
  policyPageRoute,
  oldGoldRoute,
  loginRoute,
  registerRoute,
  listingRoute,
  searchRoute,
  productRoute.addChildren([ratrevRoute]),
  cartRoute,
  checkoutRoute,
  paymentRoute,
  codConfirmRoute,
  accountRoute,
  orderDetailRoute,
  schemeDetailRoute,
  resetPasswordRoute,
  stockAlertUnsubscribeRoute,
  rateAlertConfirmRoute,
  rateAlertUnsubscribeRoute,
] as const;
