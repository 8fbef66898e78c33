import { authApi } from '../auth/auth.api';
import { cartApi } from '../cart/cart.api';
import { catalogApi } from '../catalog/catalog.api';
import { ordersApi } from '../orders/orders.api';
import { pagesApi } from '../pages/pages.api';
import { pricingApi } from '../pricing/pricing.api';
import { paymentsApi } from '../payments/payments.api';
import { codApi } from '../payments/cod.api';
import { ratingsApi, reviewsApi } from '../reviews/reviews.api';
import { usersApi } from '../users/users.api';
import { stockAlertsApi } from '../stock-alerts/stock-alerts.api';
import { wishlistApi } from '../wishlist/wishlist.api';
import { notificationsApi } from '../notifications/notifications.api';
import { systemApi } from '../system/system.api';
import { deliveryApi } from '../delivery/delivery.api';
import { reportsApi } from '../reports/reports.api';
import { catalogueApi } from '../catalogue-io/catalogue.api';
import { rateAlertsApi } from '../rate-alerts/rate-alerts.api';
import { exchangeApi } from '../exchange/exchange.api';
import { returnsApi } from '../returns/returns.api';
import { schemesApi } from '../schemes/schemes.api';
import type { UseCase } from './declare-use-case';

/** Every use case of the API by domain: the tRPC router, the REST routes and the OpenAPI document come from here. */
export const useCases = {
  auth: authApi,
  catalog: catalogApi,
  orders: ordersApi,
  payments: paymentsApi,
  cod: codApi,
  users: usersApi,
  reviews: reviewsApi,
  ratings: ratingsApi,
  wishlist: wishlistApi,
  cart: cartApi,
  pages: pagesApi,
  pricing: pricingApi,
  notifications: notificationsApi,
  system: systemApi,
  stockAlerts: stockAlertsApi,
  delivery: deliveryApi,
  reports: reportsApi,
  catalogue: catalogueApi,
  rateAlerts: rateAlertsApi,
  exchange: exchangeApi,
  returns: returnsApi,
  schemes: schemesApi,
};

/** Each use case with its tRPC path (`catalog.byId`). */
export function eachUseCase(): { path: string; useCase: UseCase }[] {
  return Object.entries(useCases).flatMap(([domain, cases]) =>
    Object.entries(cases).map(([name, useCase]) => ({
      path: `${domain}.${name}`,
      useCase: useCase as UseCase,
    })),
  );
}
