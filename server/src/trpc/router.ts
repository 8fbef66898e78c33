import { authRouter } from '../auth/auth.router';
import { catalogRouter } from '../catalog/catalog.router';
import { cartRouter } from '../cart/cart.router';
import { ratingsRouter, reviewsRouter } from '../reviews/reviews.router';
import { usersRouter } from '../users/users.router';
import { wishlistRouter } from '../wishlist/wishlist.router';
import { ordersRouter } from '../orders/orders.router';
import { paymentsRouter } from '../payments/payments.router';
import { publicProcedure, router } from './trpc';

export const appRouter = router({
  ping: publicProcedure.query(() => 'pong' as const),
  auth: authRouter,
  catalog: catalogRouter,
  orders: ordersRouter,
  payments: paymentsRouter,
  users: usersRouter,
  reviews: reviewsRouter,
  ratings: ratingsRouter,
  wishlist: wishlistRouter,
  cart: cartRouter,
});
export type AppRouter = typeof appRouter;
