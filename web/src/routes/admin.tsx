import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { ProductStatusValue, ReturnStateName, SchemeBookFilter } from '@kanak/shared';
import type { ReturnsFilter } from '@/features/returns/AdminReturnsPage';
import { requireToken } from './guards';
import { rootRoute } from './root';

// The /admin area (spec section 2, Admin). Only these route definitions and the guard live in
// the storefront bundle: every screen is a lazy chunk, so the admin area never weighs on it.

/** To /login, remembering the admin page so the login comes back to it (safeReturnPath checks it). */
const sendToLogin = (back: string) =>
  redirect({ to: '/login', search: { redirect: back }, replace: true });

export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  /** Visitor → /login; a signed-in customer sees the storefront 404; the server refuses them anyway. */
  beforeLoad: async ({ context, location }) => {
    requireToken({ location });
    try {
      const me = await context.trpc.users.me.ensureData();
      if (me.role !== 'ADMIN') throw notFound();
      return { me };
    } catch (error) {
      if (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED')
        throw sendToLogin(location.href);
      throw error;
    }
  },
  component: lazyRouteComponent(() => import('@/features/admin/layout/AdminLayout'), 'AdminLayout'),
});

const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('@/features/admin/dashboard/DashboardPage'),
    'DashboardPage',
  ),
});

export interface AdminProductsSearch {
  q?: string;
  page?: number;
  /** The state filter: draft, live or archived (absent: every state). */
  status?: ProductStatusValue;
}

const adminProductsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'products',
  validateSearch: (search: Record<string, unknown>): AdminProductsSearch => {
    const q = typeof search.q === 'string' && search.q.trim() ? search.q : undefined;
    const page = Number(search.page);
    // Spelt here, not imported: this file is in the storefront bundle, the product schema is not.
    const states: readonly ProductStatusValue[] = ['draft', 'live', 'archived'];
    const status = states.find((s) => s === search.status);
    return { q, page: Number.isInteger(page) && page > 1 ? page : undefined, status };
  },
  component: lazyRouteComponent(
    () => import('@/features/admin/products/ProductsPage'),
    'ProductsPage',
  ),
});

const adminCustomersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'customers',
  component: lazyRouteComponent(
    () => import('@/features/admin/customers/CustomersPage'),
    'CustomersPage',
  ),
});

export interface AdminOrdersSearch {
  /** A search to start from (the customers page links a customer's orders by e-mail). */
  q?: string;
}

const adminOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders',
  validateSearch: (search: Record<string, unknown>): AdminOrdersSearch => ({
    q: typeof search.q === 'string' && search.q.trim() ? search.q : undefined,
  }),
  component: lazyRouteComponent(() => import('@/features/admin/orders/OrdersPage'), 'OrdersPage'),
});

const adminOrderDetailRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$orderId',
  component: lazyRouteComponent(
    () => import('@/features/admin/orders/OrderDetailPage'),
    'OrderDetailPage',
  ),
});

/** Printable: the admin layout shows it alone, without its menu (see AdminLayout). */
const adminPackingSlipRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$orderId/slip',
  component: lazyRouteComponent(
    () => import('@/features/admin/orders/PackingSlipPage'),
    'PackingSlipPage',
  ),
});

const adminProductCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'product/create',
  component: lazyRouteComponent(
    () => import('@/features/admin/product-form/CreateProductPage'),
    'CreateProductPage',
  ),
});

const adminProductEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'product/$productId/edit',
  component: lazyRouteComponent(
    () => import('@/features/admin/product-form/EditProductPage'),
    'EditProductPage',
  ),
});

const adminPagesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'pages',
  component: lazyRouteComponent(
    () => import('@/features/admin/pages/PagesEditorPage'),
    'PagesEditorPage',
  ),
});

/** The carrier's cash-on-delivery remittance file: dry run, then apply. */
const adminCodRemittancesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'cod',
  component: lazyRouteComponent(
    () => import('@/features/admin/cod/RemittancesPage'),
    'RemittancesPage',
  ),
});

/** Today's metal rates, publish and the repricing's progress. */
const adminMetalRatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'metal-rates',
  component: lazyRouteComponent(
    () => import('@/features/pricing/MetalRatesPage'),
    'MetalRatesPage',
  ),
});

export interface AdminMessagesSearch {
  status?: 'sent' | 'failed' | 'pending' | 'unknown';
  page?: number;
}

/** The mails the shop sends, by status. */
const adminMessagesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'messages',
  validateSearch: (search: Record<string, unknown>): AdminMessagesSearch => {
    const status = ['sent', 'failed', 'pending', 'unknown'].find((s) => s === search.status) as
      AdminMessagesSearch['status'] | undefined;
    const page = Number(search.page);
    return { status, page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  component: lazyRouteComponent(
    () => import('@/features/admin/messages/MessagesPage'),
    'MessagesPage',
  ),
});

/** Health of what the shop runs on. */
const adminSystemRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'system',
  component: lazyRouteComponent(() => import('@/features/admin/system/SystemPage'), 'SystemPage'),
});

/** The owner's books: sales register and GSTR-1. */
const adminReportsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'reports',
  component: lazyRouteComponent(
    () => import('@/features/admin/reports/ReportsPage'),
    'ReportsPage',
  ),
});

/** The catalogue as a file: import with a dry run. */
const adminCatalogueImportRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'catalogue/import',
  component: lazyRouteComponent(
    () => import('@/features/admin/catalogue-io/ImportPage'),
    'ImportPage',
  ),
});

/** Old-gold exchange requests. */
const adminExchangeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'exchange',
  component: lazyRouteComponent(
    () => import('@/features/exchange/AdminExchangePage'),
    'AdminExchangePage',
  ),
});

export interface AdminReturnsSearch {
  state?: ReturnsFilter;
}

// Spelt out (checked complete against the type): a value import of the shared package would
// bring its schemas into the storefront's entry, where these routes are declared.
const RETURN_STATE_NAMES = {
  requested: true,
  approved: true,
  refused: true,
  received: true,
  on_hold: true,
  refunded: true,
} satisfies Record<ReturnStateName, true>;
const RETURNS_FILTERS: readonly ReturnsFilter[] = [
  'open',
  'all',
  ...(Object.keys(RETURN_STATE_NAMES) as ReturnStateName[]),
];

/** Returns and exchanges, those waiting first. */
const adminReturnsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'returns',
  validateSearch: (search: Record<string, unknown>): AdminReturnsSearch => ({
    state: RETURNS_FILTERS.find((f) => f === search.state),
  }),
  component: lazyRouteComponent(
    () => import('@/features/returns/AdminReturnsPage'),
    'AdminReturnsPage',
  ),
});

export interface AdminSchemesSearch {
  filter?: Exclude<SchemeBookFilter, 'all'>;
}

/** Savings schemes: plans, enrolments by filter, collections and the liability. */
const adminSchemesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'schemes',
  validateSearch: (search: Record<string, unknown>): AdminSchemesSearch => ({
    filter: (['overdue', 'maturing', 'unredeemed'] as const).find((f) => f === search.filter),
  }),
  component: lazyRouteComponent(
    () => import('@/features/admin/schemes/SchemesPage'),
    'SchemesPage',
  ),
});

export const adminRouteTree = adminRoute.addChildren([
  adminDashboardRoute,
  adminProductsRoute,
  adminCustomersRoute,
  adminOrdersRoute,
  adminOrderDetailRoute,
  adminPackingSlipRoute,
  adminProductCreateRoute,
  adminProductEditRoute,
  adminPagesRoute,
  adminCodRemittancesRoute,
  adminMetalRatesRoute,
  adminMessagesRoute,
  adminSystemRoute,
  adminReportsRoute,
  adminCatalogueImportRoute,
  adminExchangeRoute,
  adminReturnsRoute,
  adminSchemesRoute,
]);
