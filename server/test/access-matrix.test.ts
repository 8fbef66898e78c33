// Access matrix ("Safe to deploy"): every REST route in Fastify's route table and every
// tRPC procedure in the router is called as a visitor, customer A, customer B and an admin, and
// each answer is checked against one table, EXPECTED. A discovered endpoint without a row fails the
// suite, so no endpoint ships before someone has decided who may call it.
//
// Ids in paths and inputs are customer A's own (order, cart line, wish, payment link…): B's cell
// asks for A's resource and must be refused, must see nothing of A's, and must leave it unchanged.
import { sql } from 'kysely';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  issueCreditNote,
  issueInvoice,
  previewBulkEdit,
  runBulkEdit,
  signToken,
  type CartView,
} from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { bulkEditInput, indiaDate } from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  discoverProcedures,
  firstEvent,
  methodOf,
  uniqueRoutes,
  watchNextApp,
  type Route,
} from './route-discovery';

type Caller = 'visitor' | 'A' | 'B' | 'admin';
/** An old-gold piece for the exchange requests. */
const OLD_GOLD = {
  contactName: 'Matrix Tester',
  contactPhone: '9876543210',
  visit: 'store',
  items: [{ metal: 'gold', purity: '916', grossWeight: 4 }],
};
/** What the owner's test found for that piece. */
const TESTED = { pieces: [{ fineness: 916, grossWeight: 4, netWeight: 3.8 }] };
const SCHEME_PLAN = {
  name: 'Matrix Nidhi',
  minInstalment: 1000,
  step: 500,
  bonusPercent: 50,
  graceDays: 5,
  missedRule: 'MOVE_MATURITY',
  redeemWithinDays: 30,
  terms: 'A plan the access matrix makes: paused, so no shopper sees it.',
  paused: true,
};
/** The seed's silver rate again: a publish that moves no price. */
const SILVER_RATE = { metal: 'silver', purity: '999', ratePerGram: 168.5 };
/** A bulk edit that moves no figure of the product it covers (it is live already). */
const BULK_CHANGE = { kind: 'status', status: 'live' } as const;
/** A carrier's remittance file with one line no order matches (checked only: a dry run). */
const REMITTANCE_CSV = 'AWB,Amount,Date,Reference\r\nNOSUCHAWB123,1500,2026-12-05,UTR-1';
/**
 * 'ok' is any 2xx. 'admitted' means past our guard (neither 401/403 nor 5xx): used only for the
 * third-party queue board, whose own answers to dummy queue names are not ours to fix.
 */
type Expect = 'ok' | 'admitted' | 401 | 403 | 404;
type Row = Record<Caller, Expect>;

/**
 * Who may call what (spec §6, design.md "Contracts"): public paths answer everyone; per-user paths
 * answer 401 without a token and only ever touch the caller's own data; admin paths answer 401
 * without a token and 403 to a customer. Another user's order, cart line or wish is a 404 (no
 * existence leak), for an admin too where the resource is personal (cart, wishlist, payment).
 * "Bearer null" and "Bearer undefined" are visitors (design.md): the visitor column covers them.
 */
const EXPECTED: Record<string, Row> = {
  // Public: the catalogue, accounts, media, the provider's webhook and the hosted payment page.
  'OPTIONS *': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' }, // CORS preflight
  'GET /api/health': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /auth/signup': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /auth/login': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/search': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/suggest': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/search/page': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/offers': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/id/:productId': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/id/:productId/similar': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/products/id/:productId/rating-summary': {
    visitor: 'ok',
    A: 'ok',
    B: 'ok',
    admin: 'ok',
  },
  'GET /api/reviews/product/:productId': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/ratings/product/:productId': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /media/art/:name': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /media/uploads/:name': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // Signed by the provider, not by a user: the signature decides, a token changes nothing.
  'POST /api/payment/webhook': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/payment/webhook/:provider': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // The link id is the capability (as on Razorpay's hosted page): whoever holds it may pay.
  'GET /sandbox-pay/:linkId': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // The API's own description: public and read-only.
  'GET /api/openapi.json': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // What crawlers read: public, and naming no private page.
  'GET /robots.txt': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /sitemap.xml': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /sitemaps/catalogue.xml': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /sitemaps/:file': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/docs/static/*': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' }, // Swagger UI's files
  // The shop's policy pages and contact details: public, read-only.
  'GET /api/pages/:slug': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/shop-info': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/delivery/promise': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // Old-gold exchange: the calculator is public; asking and store credit are per user.
  'GET /api/exchange/estimate': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/exchange/requests': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/exchange/requests': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/exchange/credit': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/admin/exchange/requests': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/exchange/requests/:requestId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // Returns: only the order's owner asks (an admin is not the shopper); both may read.
  'POST /api/orders/:orderId/returns': { visitor: 401, A: 'ok', B: 404, admin: 404 },
  'GET /api/orders/:orderId/returns': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'GET /api/admin/returns': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/orders/:orderId/returns/eligibility': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'GET /api/admin/returns/summary': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/returns/:returnId/:action': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/returns/:returnId/bank-transfer': {
    visitor: 401,
    A: 403,
    B: 403,
    admin: 'admitted',
  },
  // Accounts: the same answer for any e-mail; a reset link's token is the capability.
  'POST /auth/forgot-password': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /auth/reset-password': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // Logout clears the queue board's cookie; it needs no token (the browser's may be gone).
  'DELETE /admin/queues/session': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  // The caller's own sessions and password (each cell on a throwaway account of that role).
  'POST /auth/logout-all': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'PUT /api/users/password': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  // Back in stock: anyone may ask (a visitor names an e-mail); the link's token ends it.
  'POST /api/stock-alerts': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'DELETE /api/stock-alerts/:token': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/rate-alerts': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/rate-alerts/:token/confirm': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'DELETE /api/rate-alerts/:token': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc rateAlerts.ask': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc rateAlerts.confirm': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc rateAlerts.unsubscribe': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/admin/carriers': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/shipments/manifest': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.carriers': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/stock-alerts': { visitor: 401, A: 403, B: 403, admin: 'ok' },

  // Per user: each caller's own profile, cart, wishlist, orders and reviews.
  'GET /api/users/profile': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/cart': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'PUT /api/cart/add': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/cart/merge': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'PUT /api/cart_item/:cartItemId': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // A's line
  'DELETE /api/cart_item/:cartItemId': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // A's line
  'GET /api/wish': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/wish/product-ids': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'PUT /api/wish/add': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'DELETE /api/wish/:productId': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // A's wish
  'POST /api/reviews/create': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/ratings/create': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'POST /api/orders': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/orders/user': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/orders/:orderId': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // A's order
  'POST /api/payment/:orderId': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // only the owner pays
  'GET /api/payment': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // return for A's order
  'GET /api/checkout/options': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // A's order
  'GET /api/orders/refunds': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' }, // the caller's own
  // Past the guard, A's order that is not a COD order is a 409: only its owner gets that far.
  'POST /api/orders/:orderId/cod/confirm': { visitor: 401, A: 'admitted', B: 404, admin: 404 },
  'PUT /api/admin/orders/:orderId/cod': { visitor: 401, A: 403, B: 403, admin: 'admitted' },
  'POST /api/admin/cod/remittances': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/orders/:orderId/cod/remittance': {
    visitor: 401,
    A: 403,
    B: 403,
    admin: 'admitted',
  },
  // Savings schemes: open plans are public; the admin edits them; an enrolment and
  // its instalment return are A's (and an admin's to see); only A pays A's instalment.
  'GET /api/schemes/plans': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/admin/schemes/plans': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/schemes/plans': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/schemes/plans/:planId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/schemes/enrolments': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/schemes/enrolments': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'GET /api/schemes/enrolments/:enrolmentId': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'POST /api/schemes/enrolments/:enrolmentId/payment': {
    visitor: 401,
    A: 'ok',
    B: 404,
    admin: 404,
  },
  'GET /api/schemes/enrolments/:enrolmentId/payment': {
    visitor: 401,
    A: 'ok',
    B: 404,
    admin: 'ok',
  },
  'GET /api/schemes/enrolments/:enrolmentId/statement': {
    visitor: 401,
    A: 'ok',
    B: 404,
    admin: 'ok',
  },
  'GET /api/admin/schemes/enrolments': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc schemes.book': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc schemes.plans': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc schemes.adminPlans': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc schemes.createPlan': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc schemes.updatePlan': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc schemes.enrol': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc schemes.list': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc schemes.get': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'trpc schemes.pay': { visitor: 401, A: 'ok', B: 404, admin: 404 },
  'trpc schemes.confirmReturn': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  // The owner reminds an overdue shopper by hand (a fresh overdue enrolment of A's each time).
  'POST /api/admin/schemes/enrolments/:enrolmentId/remind': {
    visitor: 401,
    A: 403,
    B: 403,
    admin: 'ok',
  },
  'trpc schemes.remind': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // The owner refunds an instalment of A's owed back (a fresh one each time).
  'POST /api/admin/schemes/instalments/:schemePaymentId/refund': {
    visitor: 401,
    A: 403,
    B: 403,
    admin: 'ok',
  },
  'trpc schemes.refundInstalment': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // Tax invoice, credit note and PAN of A's paid order: the owner and an admin.
  'GET /api/orders/:orderId/invoice': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'GET /api/orders/:orderId/credit-note': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'PUT /api/orders/:orderId/pan': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },

  // Admin only.
  'GET /api/users': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'DELETE /api/users/profile/:userId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/products': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/products/id/:productId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/products': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/products/:productId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'DELETE /api/admin/products/:productId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/catalogue/bulk-edits/preview': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/catalogue/bulk-edits': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/catalogue/bulk-edits/:id': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/catalogue/bulk-edits/:id/undo': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/orders': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/orders/:orderId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/orders/:orderId/packing-slip': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/orders/:orderId/:action': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/orders/:orderId/huids': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/orders/:orderId/refund': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'DELETE /api/admin/orders/:orderId': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/orders/:orderId/delete': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/uploads': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /admin/queues/session': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/pages': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'PUT /api/admin/pages/:slug': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // The admin's Messages and System pages.
  'GET /api/admin/messages': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/system': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // Dead letters: an admin lists, retries and dismisses them (none by that id: 404).
  'GET /api/admin/system/dead-letters': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/reports/sales-register': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/reports/gstr1': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // Catalogue import and export: the owner's only.
  'POST /api/admin/catalogue/imports': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/catalogue/imports/:id': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/catalogue/imports/:id/apply': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/catalogue/export': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/reports/settlement': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/system/dead-letters/:deadLetterId/retry': {
    visitor: 401,
    A: 403,
    B: 403,
    admin: 404,
  },
  'POST /api/admin/system/dead-letters/:deadLetterId/dismiss': {
    visitor: 401,
    A: 403,
    B: 403,
    admin: 404,
  },
  // Metal rates: public to read, admin-only to publish.
  'GET /api/metal-rates': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'PUT /api/admin/metal-rates': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'POST /api/admin/metal-rates/preview': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/metal-rates/history': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'GET /api/admin/metal-rates/repricing': { visitor: 401, A: 403, B: 403, admin: 'ok' },

  // tRPC: the same services, the same rules.
  'trpc ping': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc auth.signup': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc auth.login': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.list': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.byId': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.similar': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.search': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.suggest': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.searchPage': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.offers': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc catalog.ratingSummary': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc reviews.byProduct': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc ratings.byProduct': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc pages.bySlug': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc pages.shopInfo': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc delivery.promise': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc exchange.estimate': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc exchange.request': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc exchange.mine': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc exchange.credit': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc exchange.adminList': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc exchange.settle': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc returns.request': { visitor: 401, A: 'ok', B: 404, admin: 404 },
  'trpc returns.byOrder': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'trpc returns.adminList': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc returns.eligibility': { visitor: 401, A: 'ok', B: 404, admin: 'ok' },
  'trpc returns.adminSummary': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc returns.move': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc returns.payByTransfer': { visitor: 401, A: 403, B: 403, admin: 'admitted' },
  'trpc users.me': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc cart.get': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc cart.add': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc cart.merge': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc cart.updateItem': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // A's line
  'trpc cart.removeItem': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // A's line
  'trpc wishlist.get': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc wishlist.productIds': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc wishlist.add': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc wishlist.remove': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // A's wish
  'trpc reviews.create': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc ratings.create': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc orders.create': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc orders.mine': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc orders.byId': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // A's order
  'trpc orders.recordPan': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // A's order
  'trpc payments.create': { visitor: 401, A: 'ok', B: 404, admin: 404 }, // only the owner pays
  'trpc payments.confirmReturn': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // A's order
  'trpc payments.checkoutOptions': { visitor: 401, A: 'ok', B: 404, admin: 'ok' }, // A's order
  'trpc orders.refunds': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc cod.confirm': { visitor: 401, A: 'admitted', B: 404, admin: 404 },
  'trpc cod.outcome': { visitor: 401, A: 403, B: 403, admin: 'admitted' },
  'trpc cod.remittances': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc cod.resolveShort': { visitor: 401, A: 403, B: 403, admin: 'admitted' },
  'trpc users.list': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc users.remove': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.adminList': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.adminById': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.create': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.update': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.remove': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.bulkEditPreview': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.bulkEditApply': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.bulkEdit': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalog.bulkEditUndo': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.adminList': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.adminDetail': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.move': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.recordHuids': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.refund': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.remove': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc orders.dashboard': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc pages.adminList': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc pages.update': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc notifications.adminList': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc system.status': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc system.deadLetters': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc reports.salesRegister': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc reports.gstr1': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalogue.importStatus': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc catalogue.applyImport': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc reports.settlement': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc system.retryDeadLetter': { visitor: 401, A: 403, B: 403, admin: 404 },
  'trpc system.dismissDeadLetter': { visitor: 401, A: 403, B: 403, admin: 404 },
  'trpc pricing.rates': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc pricing.publish': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc pricing.preview': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc pricing.history': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  'trpc pricing.repricing': { visitor: 401, A: 403, B: 403, admin: 'ok' },
  // Live order events: any signed-in caller (what each hears is its own: order-events.test.ts).
  'trpc live.ticket': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc live.orders': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc auth.forgotPassword': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc auth.resetPassword': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc auth.logoutAll': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc users.changePassword': { visitor: 401, A: 'ok', B: 'ok', admin: 'ok' },
  'trpc stockAlerts.subscribe': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc stockAlerts.unsubscribe': { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  'trpc stockAlerts.demand': { visitor: 401, A: 403, B: 403, admin: 'ok' },
};

/**
 * Routes answered by a rule instead of a row of their own, each with its reason; the first rule
 * that matches decides.
 */
const RULES: { name: string; matches: (route: Route) => boolean; row: Row | 'asGet' | 'trpc' }[] = [
  {
    // bull-board's UI and JSON API sit behind our admin guard (queue-board.rest.ts).
    name: 'queue board under /admin/queues',
    matches: (r) => /^\/admin\/queues(\/|$)/.test(r.url) && r.url !== '/admin/queues/session',
    row: { visitor: 401, A: 403, B: 403, admin: 'admitted' },
  },
  {
    // Swagger UI's page, its files and its copy of the document (api/docs.rest.ts): read-only.
    name: 'API reference under /api/docs',
    matches: (r) =>
      ['GET', 'HEAD'].includes(r.method) &&
      /^\/api\/docs(\/|$)/.test(r.url) &&
      r.url !== '/api/docs/static/*',
    row: { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  },
  {
    // The tRPC adapter: every procedure of the router is a row above.
    name: 'tRPC adapter',
    matches: (r) => r.url === '/trpc/:path',
    row: 'trpc',
  },
  {
    // The built web (present once `pnpm build` has run): the SPA shell, its assets and files.
    name: 'built web',
    matches: (r) => r.staticFile === true || r.url === '/*',
    row: { visitor: 'ok', A: 'ok', B: 'ok', admin: 'ok' },
  },
  {
    // Fastify's automatic twin of each GET: the same handler, so the same answers.
    name: 'HEAD twin of a GET',
    matches: (r) => r.method === 'HEAD',
    row: 'asGet',
  },
];

const ruleFor = (route: Route) => RULES.find((rule) => rule.matches(route));

// ---------------------------------------------------------------------------------------------
// How each cell is sent
// ---------------------------------------------------------------------------------------------

/** One request of a cell; `snapshot` reads A's resource, which a refused caller must not change. */
interface Shot {
  path?: string;
  query?: Record<string, string>;
  body?: unknown;
  form?: () => FormData;
  headers?: Record<string, string>;
  /** tRPC input. */
  input?: unknown;
  snapshot?: () => Promise<unknown>;
  /** What the request's own capability shows its holder (the hosted page shows its order id). */
  reveals?: string[];
}

interface Cell {
  key: string;
  caller: Caller;
  label: string;
  expected: Expect;
  request: string;
  status: number;
  text: string;
  /** Set when a refused call still changed A's resource. */
  changed?: string;
  /** The server's own error, for a 5xx. */
  cause?: string;
  reveals: string[];
}

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1,
]);

const PRODUCT = {
  imageUrls: [
    { imageUrl: '/media/art/ring-gold-a.svg' },
    { imageUrl: '/media/art/ring-gold-b.svg' },
  ],
  title: 'Matrix Test Band',
  brand: 'Kanak',
  color: 'white',
  discountedPrice: 45000,
  price: 60000,
  discountPercent: 25,
  description: 'A band made by the access-matrix test.',
  details: 'Hallmarked platinum.',
  occasion: 'engagement',
  quantity: 4,
  collectionName: 'new-arrival',
  type: 'platinum',
  sizes: [{ weight: '6 g', size: '16 MM', stock: 3 }],
  topLevelCategory: 'platinum',
  secondLevelCategory: 'wedding',
  thirdLevelCategory: 'couple-ring',
};

/** Which stocked size (by index) each use takes, so that no two rows share a resource of A's. */
const SIZE = {
  browsed: 0,
  orders: 1,
  added: 2,
  wished: 3,
  reviewed: 4,
  restLineUpdate: 5,
  restLineRemove: 6,
  trpcLineUpdate: 7,
  trpcLineRemove: 8,
  restWishRemove: 9,
  trpcWishRemove: 10,
  soldOut: 11,
} as const;

const ok = (status: number) => status >= 200 && status < 300;
const meets = (expected: Expect, status: number) =>
  status < 500 &&
  (expected === 'ok'
    ? ok(status)
    : expected === 'admitted'
      ? status !== 401 && status !== 403
      : status === expected);

/** Each caller's Authorization header; a visitor comes three ways (design.md: "Bearer null"). */
const CALLERS: { label: string; caller: Caller }[] = [
  { label: 'visitor', caller: 'visitor' },
  { label: 'visitor (Bearer null)', caller: 'visitor' },
  { label: 'visitor (Bearer undefined)', caller: 'visitor' },
  { label: 'A', caller: 'A' },
  { label: 'B', caller: 'B' },
  { label: 'admin', caller: 'admin' },
];

/** Path parameters of routes answered by a rule (no resource of A's behind them). */
const fillParams = (url: string) =>
  url === '/*'
    ? '/account/orders'
    : url
        .replace(/:queueName/g, 'matrix-no-such-queue')
        .replace(/:[A-Za-z]+/g, 'matrix-x')
        .replace('*', 'matrix.css');

const short = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

describe('access matrix: who may call each REST route and tRPC procedure', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let uploadDir: string;
  let webDir: string;
  const watch = watchNextApp({ requestIdHeader: 'x-matrix-id' });

  const tokens = {} as Record<Exclude<Caller, 'visitor'>, string>;
  const userIds = {} as Record<Exclude<Caller, 'visitor'>, string>;
  /** Product sizes in stock, for carts and orders. */
  let sizes: { productId: string; weight: string }[] = [];
  let orderOfA: string; // A's PENDING order, kept PENDING: only fresh orders are moved or deleted
  let linkOfA: string;
  let artName: string;
  let uploadName: string;
  let scratchProduct: string; // updated by the admin cells, used by nothing else
  // The bulk edits' own: their rows run beside the product edit's, which would move it.
  let bulkProduct: string;
  const ownerOfA = {
    lastName: `Matrixowner${randomBytes(3).toString('hex')}`,
    email: `matrix-a-${randomBytes(4).toString('hex')}@example.com`,
    street: `Flat ${randomBytes(3).toString('hex')} Secretgarden Lane`,
    mobile: '98765' + String(Math.floor(10_000 + Math.random() * 89_999)),
  };
  const emailOfB = `matrix-b-${randomBytes(4).toString('hex')}@example.com`;
  /** Text only A (and an admin) may ever see: B's and visitors' answers must not contain it. */
  const secretsOfA = new Set<string>();

  const signup = async (
    label: string,
    extra: Partial<{ lastName: string; email: string }> = {},
  ) => {
    const res = await http.post<{ jwt: string }>('/auth/signup', {
      firstName: 'Matrix',
      lastName: extra.lastName ?? 'Tester',
      email: extra.email ?? `matrix-${label}-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Matrix@123',
    });
    expect(res.status, `sign-up of ${label}`).toBe(201);
    const me = await http.get<{ _id: string }>('/api/users/profile', { token: res.body.jwt });
    return { token: res.body.jwt, id: me.body._id };
  };

  const address = (caller: Caller) =>
    caller === 'A'
      ? {
          firstName: 'Matrix',
          lastName: ownerOfA.lastName,
          streetAddress: ownerOfA.street,
          city: 'Pune',
          state: 'MH',
          zipCode: '411001',
          mobile: ownerOfA.mobile,
        }
      : {
          firstName: 'Matrix',
          lastName: 'Tester',
          streetAddress: '1 MG Road',
          city: 'Pune',
          state: 'MH',
          zipCode: '411001',
          mobile: '9999999999',
        };

  /**
   * A's cart line of one size (made if missing): the id a foreign caller asks for. Each row that
   * changes or removes a line has a size of its own, so rows can run side by side.
   */
  const cartLineOfA = async (index: number) => {
    const size = sizes[index]!;
    const cart = await http.get<CartView>('/api/cart', { token: tokens.A });
    let line = cart.body.cartItems.find((l) => l.product._id === size.productId);
    if (!line) {
      const added = await http.put<CartView>('/api/cart/add', size, { token: tokens.A });
      expect(added.status).toBe(200);
      line = added.body.cartItems.find((l) => l.product._id === size.productId)!;
    }
    secretsOfA.add(line._id);
    return line._id;
  };

  /** A caller's cart with at least one line, so that an order can be placed from it. */
  const fillCart = async (caller: Caller) => {
    if (caller === 'visitor') return;
    if (caller === 'A') return void (await cartLineOfA(SIZE.orders));
    const cart = await http.get<CartView>('/api/cart', { token: tokens[caller] });
    if (cart.body.cartItems.length === 0)
      expect(
        (await http.put('/api/cart/add', sizes[SIZE.added]!, { token: tokens[caller] })).status,
      ).toBe(200);
  };

  /** A fresh PENDING order of A, for the cells that move or delete one. */
  const freshOrderOfA = async () => {
    await cartLineOfA(SIZE.orders);
    const res = await http.post<{ _id: string }>('/api/orders', address('A'), { token: tokens.A });
    expect(res.status).toBe(201);
    secretsOfA.add(res.body._id);
    return res.body._id;
  };

  /** A product in A's wishlist (one product per row that removes it). */
  const wishOfA = async (index: number) => {
    const productId = sizes[index]!.productId;
    expect((await http.put('/api/wish/add', { productId }, { token: tokens.A })).status).toBe(200);
    return productId;
  };

  const freshProduct = async () => {
    const res = await http.post<{ _id: string }>('/api/admin/products', PRODUCT, {
      token: tokens.admin,
    });
    expect(res.status).toBe(201);
    return res.body._id;
  };

  const db = () => server.database.db;
  /**
   * A's paid order with its invoice and credit note issued and everything they print recorded
   * (HUIDs, PAN), and A's paid order above ₹2,00,000 still lacking the PAN. Made once, shared.
   */
  let invoiced: Promise<{ documents: string; needsPan: string }> | undefined;
  const invoicedOrdersOfA = () =>
    (invoiced ??= (async () => {
      const [documents, needsPan] = [await freshOrderOfA(), await freshOrderOfA()];
      await db()
        .transaction()
        .execute(async (trx) => {
          for (const id of [documents, needsPan]) {
            await trx
              .updateTable('orders')
              .set({ status: 'PLACED', total_discounted_price: 250_000, total_price: 250_000 })
              .where('id', '=', id)
              .execute();
            const order = await trx
              .selectFrom('orders')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            await issueInvoice(trx, order);
          }
          await issueCreditNote(trx, { orderId: documents, reason: 'Access matrix' });
          await trx
            .updateTable('orders')
            .set({ buyer_pan: 'ABCDE1234F' })
            .where('id', '=', documents)
            .execute();
          const items = await trx
            .selectFrom('order_items')
            .select(['id', 'quantity'])
            .where('order_id', '=', documents)
            .execute();
          const huids = items.flatMap((item, i) =>
            Array.from({ length: item.quantity }, (_, unit) => ({
              huid: `${randomBytes(2).toString('hex').toUpperCase()}${i}${unit}`.slice(0, 6),
              order_item_id: item.id,
              order_id: documents,
            })),
          );
          if (huids.length) await trx.insertInto('order_item_huids').values(huids).execute();
        });
      return { documents, needsPan };
    })());
  /** A's order cancelled by the shop after a payment now owed back (a fresh one per cell). */
  const refundDueOrderOfA = async () => {
    const id = await freshOrderOfA();
    const linkId = `plink_sbx_${randomBytes(8).toString('hex')}`;
    await db().updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', id).execute();
    await db()
      .insertInto('payments')
      .values({
        order_id: id,
        provider: 'sandbox',
        payment_link_id: linkId,
        payment_link_url: `http://localhost/sandbox-pay/${linkId}`,
        provider_payment_id: `pay_sbx_paid_${randomBytes(8).toString('hex')}_0000000000000000`,
        status: 'REFUND_PENDING',
        refund_reason: 'CANCELLED_BY_SHOP',
        amount: 1000,
      })
      .execute();
    return id;
  };
  const refundSnapshot = (id: string) => () =>
    db().selectFrom('refunds').select(['state', 'attempt']).where('order_id', '=', id).execute();
  /** A fresh order of A marked delivered just now (inside the return window), and its first line. */
  const deliveredOrderOfA = async () => {
    const orderId = await freshOrderOfA();
    await db()
      .updateTable('orders')
      .set({ status: 'DELIVERED', delivered_at: new Date() })
      .where('id', '=', orderId)
      .execute();
    const item = await db()
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { orderId, orderItemId: item.id };
  };
  /** A fresh requested return of A's, for the admin's move. */
  const returnOfA = async () => {
    const { orderId, orderItemId } = await deliveredOrderOfA();
    const now = new Date();
    const row = await db()
      .insertInto('return_requests')
      .values({
        order_id: orderId,
        user_id: userIds.A,
        kind: 'return',
        reason: 'Access matrix',
        refund_paise: 100,
        window_ends_at: new Date(now.getTime() + 86_400_000),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('return_items')
      .values({ return_id: row.id, order_item_id: orderItemId, quantity: 1 })
      .execute();
    secretsOfA.add(row.id);
    return row.id;
  };
  /** A fresh old-gold request of A's, for the admin's settlement. */
  const exchangeRequestOfA = async () => {
    const row = await db()
      .insertInto('exchange_requests')
      .values({
        user_id: userIds.A,
        contact_name: 'Matrix A',
        contact_phone: '9876543210',
        visit: 'store',
        items: JSON.stringify([{ metal: 'gold', purity: '916', netWeight: 1, grossWeight: null }]),
        estimate_paise: 1_000_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const orderSnapshot = (id: string) => () =>
    db().selectFrom('orders').select(['status']).where('id', '=', id).executeTakeFirst();
  const lineSnapshot = (id: string) => () =>
    db().selectFrom('cart_items').select(['quantity']).where('id', '=', id).executeTakeFirst();
  const wishSnapshot = (productId: string) => () =>
    db()
      .selectFrom('wish_items')
      .select(['product_id'])
      .where('user_id', '=', userIds.A)
      .where('product_id', '=', productId)
      .executeTakeFirst();
  /** A bulk edit the worker's job has finished (run here: the matrix starts no worker). */
  const finishedBulkEdit = async () => {
    const edit = await db()
      .insertInto('bulk_edits')
      .values({ change: JSON.stringify(BULK_CHANGE), total: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('bulk_edit_products')
      .values({ bulk_edit_id: edit.id, product_id: bulkProduct })
      .execute();
    await runBulkEdit(db(), edit.id);
    return edit.id;
  };
  const bulkEdit = () => ({
    selection: { productIds: [bulkProduct] },
    change: BULK_CHANGE,
  });
  /** An apply names the preview it applies. */
  const previewedBulkEdit = async () => ({
    ...bulkEdit(),
    previewId: (await previewBulkEdit(db(), bulkEditInput.parse(bulkEdit()))).previewId,
  });
  const productSnapshot = (id: string) => () =>
    db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  const userSnapshot = (id: string) => () =>
    db().selectFrom('users').select(['removed_at']).where('id', '=', id).executeTakeFirst();
  const pageSnapshot = (slug: string) => () =>
    db().selectFrom('policy_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  const paymentsSnapshot = (orderId: string) => () =>
    db()
      .selectFrom('payments')
      .select(['payment_link_id'])
      .where('order_id', '=', orderId)
      .orderBy('payment_link_id')
      .execute();

  const sandboxSignature = (body: string) =>
    createHmac('sha256', server.config.PAYMENT_SANDBOX_SECRET).update(body).digest('hex');
  const uploadForm = () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'matrix.png');
    return form;
  };
  /** A catalogue with its heading row and no product: a dry run that changes nothing. */
  const importForm = () => {
    const form = new FormData();
    form.append('file', new Blob(['sku,title\r\n'], { type: 'text/csv' }), 'matrix.csv');
    return form;
  };
  /** An admin's dry run, for the status and apply cells (each cell gets its own). */
  const freshImport = async () => {
    const answer = await fetch(`${server.baseUrl}/api/admin/catalogue/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: importForm(),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { id: string }).id;
  };
  const freshEmail = () => `matrix-${randomBytes(5).toString('hex')}@example.com`;
  /**
   * Ending sessions or changing a password ends the caller's tokens: each cell runs on a
   * throwaway account of the caller's role (a visitor sends no token).
   */
  const throwawayAuth = async (caller: Caller): Promise<Record<string, string>> => {
    if (caller === 'visitor') return {};
    const email = freshEmail();
    const made = await signup('throwaway', { email });
    if (caller !== 'admin') return { authorization: `Bearer ${made.token}` };
    await db().updateTable('users').set({ role: 'ADMIN' }).where('id', '=', made.id).execute();
    const admin = await http.post<{ jwt: string }>('/auth/login', {
      email,
      password: 'Matrix@123',
    });
    return { authorization: `Bearer ${admin.body.jwt}` };
  };
  /** A live reset link's token for a fresh account (stored hashed, as the forgot-password mail's). */
  const resetTokenFor = async () => {
    const { id } = await signup('resetter');
    const token = randomBytes(32).toString('base64url');
    await db()
      .insertInto('password_resets')
      .values({
        user_id: id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 600_000),
      })
      .execute();
    return token;
  };
  const newPassword = { currentPassword: 'Matrix@123', newPassword: 'Matrix@456' };
  /** A sold-out size to ask about (its stock set to 0 on first use). */
  const soldOutAlert = async () => {
    const size = sizes[SIZE.soldOut]!;
    await db()
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('product_id', '=', size.productId)
      .where('weight', '=', size.weight)
      .execute();
    return { ...size, email: freshEmail() };
  };
  /** A fresh alert's unsubscribe token. */
  const alertToken = async () => {
    const size = sizes[SIZE.soldOut]!;
    const token = randomBytes(16).toString('hex');
    await db()
      .insertInto('stock_alerts')
      .values({ product_id: size.productId, weight: size.weight, email: freshEmail(), token })
      .execute();
    return token;
  };
  /**
   * An open plan of its own for each enrolment the matrix makes, and the enrolments before it
   * dated a day back: the cells enrol A and B many times, past the limits of one account (3 open
   * per plan, 10 a day) that are not what this table checks. A's enrolment is made once; a plan
   * the admin cells edit.
   */
  const openPlan = async () => {
    await sql`UPDATE scheme_enrolments SET created_at = created_at - interval '1 day'`.execute(
      db(),
    );
    const seeded = await db()
      .selectFrom('scheme_plans')
      .selectAll()
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...plan } = seeded;
    return (
      await db()
        .insertInto('scheme_plans')
        .values({ ...plan, name: `Matrix open plan ${randomBytes(3).toString('hex')}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  let enrolled: Promise<string> | undefined;
  const enrolmentOfA = () =>
    (enrolled ??= (async () => {
      const res = await http.post<{ id: string }>(
        '/api/schemes/enrolments',
        { planId: await openPlan(), instalment: 1000 },
        { token: tokens.A },
      );
      expect(res.status).toBe(201);
      secretsOfA.add(res.body.id);
      return res.body.id;
    })());
  /** A's enrolment, instalment 1 paid, instalment 2 due 20 days ago (past the grace). */
  const overdueEnrolmentOfA = async () => {
    const res = await http.post<{ id: string }>(
      '/api/schemes/enrolments',
      { planId: await openPlan(), instalment: 1000 },
      { token: tokens.A },
    );
    expect(res.status).toBe(201);
    const startedOn = addMonths(addDays(indiaDate(new Date()), -20), -1);
    await db().deleteFrom('scheme_payments').where('enrolment_id', '=', res.body.id).execute();
    await db()
      .insertInto('scheme_payments')
      .values({
        enrolment_id: res.body.id,
        n: 1,
        provider: 'sandbox',
        payment_link_id: `plink_matrix_${res.body.id}`,
        payment_link_url: 'http://unused.test',
        provider_payment_id: `pay_matrix_${res.body.id.slice(0, 8)}`,
        status: 'PAID',
        amount: 1000,
        paid_at: new Date(`${startedOn}T06:00:00Z`),
        expires_at: new Date(`${startedOn}T12:00:00Z`),
      })
      .execute();
    await db()
      .updateTable('scheme_enrolments')
      .set({ state: 'ACTIVE', started_on: startedOn })
      .where('id', '=', res.body.id)
      .execute();
    secretsOfA.add(res.body.id);
    return res.body.id;
  };
  /** An instalment of A's paid twice: the second payment owed back (a fresh one per cell). */
  const owedInstalmentOfA = async () => {
    const enrolmentId = await overdueEnrolmentOfA();
    const row = await db()
      .insertInto('scheme_payments')
      .values({
        enrolment_id: enrolmentId,
        n: 1,
        provider: 'sandbox',
        payment_link_id: `plink_matrix_twice_${enrolmentId}`,
        payment_link_url: 'http://unused.test',
        provider_payment_id: `pay_matrix_twice_${enrolmentId.slice(0, 8)}`,
        status: 'REFUND_PENDING',
        amount: 1000,
        note: 'Instalment 1 was already paid: refund due',
        paid_at: new Date(),
        expires_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const instalmentRefundSnapshot = (id: string) => () =>
    db()
      .selectFrom('instalment_refunds')
      .select(['state', 'tries'])
      .where('scheme_payment_id', '=', id)
      .execute();
  const scratchPlan = async () =>
    (
      await db()
        .insertInto('scheme_plans')
        .values({
          name: 'Matrix scratch plan',
          min_instalment: 1000,
          step: 500,
          bonus_percent: 50,
          grace_days: 5,
          missed_rule: 'MOVE_MATURITY',
          redeem_within_days: 30,
          terms: 'Scratch plan edited by the matrix.',
          paused: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const rateAlert = () => ({ email: freshEmail(), metal: 'gold', purity: '22K', below: 6000 });
  /** A visitor's rate alert as its confirm mail names it. */
  const rateAlertToken = async () => {
    const token = randomBytes(24).toString('base64url');
    await db()
      .insertInto('rate_alerts')
      .values({ email: freshEmail(), metal: 'gold', purity: '916', below_paise: 600_000, token })
      .execute();
    return token;
  };
  /** Each caller logs in as itself (a visitor as A, who is not logged in yet on that device). */
  const loginOf = (caller: Caller) =>
    caller === 'admin'
      ? { email: SEED_ACCOUNTS.admin.email, password: SEED_ACCOUNTS.admin.password }
      : { email: caller === 'B' ? emailOfB : ownerOfA.email, password: 'Matrix@123' };

  /**
   * How to call each row as a caller (a row not listed here is sent as is: no parameters, no body).
   * Cells that change something get their own fresh resource, so the next cell finds the table's
   * starting state.
   */
  const SEND: Record<string, (caller: Caller) => Promise<Shot> | Shot> = {
    'OPTIONS *': () => ({
      path: '/api/cart',
      headers: {
        origin: server.config.CORS_ORIGINS[0]!,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    }),
    'POST /auth/signup': () => ({
      body: {
        firstName: 'Matrix',
        lastName: 'Signup',
        email: freshEmail(),
        password: 'Matrix@123',
      },
    }),
    'POST /auth/login': (caller) => ({ body: loginOf(caller) }),
    'POST /auth/forgot-password': () => ({ body: { email: freshEmail() } }),
    'POST /auth/reset-password': async () => ({
      body: { token: await resetTokenFor(), password: 'Matrix@789' },
    }),
    'POST /auth/logout-all': async (caller) => ({ headers: await throwawayAuth(caller) }),
    'PUT /api/users/password': async (caller) => ({
      headers: await throwawayAuth(caller),
      body: newPassword,
    }),
    'trpc auth.forgotPassword': () => ({ input: { email: freshEmail() } }),
    'trpc auth.resetPassword': async () => ({
      input: { token: await resetTokenFor(), password: 'Matrix@789' },
    }),
    'trpc auth.logoutAll': async (caller) => ({
      headers: await throwawayAuth(caller),
      input: {},
    }),
    'trpc users.changePassword': async (caller) => ({
      headers: await throwawayAuth(caller),
      input: newPassword,
    }),
    'POST /api/stock-alerts': async () => ({ body: await soldOutAlert() }),
    'POST /api/rate-alerts': () => ({ body: rateAlert() }),
    'POST /api/rate-alerts/:token/confirm': async () => ({
      path: `/api/rate-alerts/${await rateAlertToken()}/confirm`,
    }),
    'DELETE /api/rate-alerts/:token': async () => ({
      path: `/api/rate-alerts/${await rateAlertToken()}`,
    }),
    'trpc rateAlerts.ask': () => ({ input: rateAlert() }),
    'trpc rateAlerts.confirm': async () => ({ input: { token: await rateAlertToken() } }),
    'trpc rateAlerts.unsubscribe': async () => ({ input: { token: await rateAlertToken() } }),
    'GET /api/admin/shipments/manifest': () => ({
      path: '/api/admin/shipments/manifest?date=2026-11-27',
    }),
    'DELETE /api/stock-alerts/:token': async () => ({
      path: `/api/stock-alerts/${await alertToken()}`,
    }),
    'trpc stockAlerts.subscribe': async () => ({ input: await soldOutAlert() }),
    'trpc stockAlerts.unsubscribe': async () => ({ input: { token: await alertToken() } }),
    'GET /api/products/search': () => ({ query: { q: 'ring' } }),
    'GET /api/products/suggest': () => ({ query: { q: 'ri' } }),
    'GET /api/products/search/page': () => ({ query: { q: 'ring' } }),
    'GET /api/products/id/:productId': () => ({
      path: `/api/products/id/${sizes[SIZE.browsed]!.productId}`,
    }),
    'GET /api/admin/products/id/:productId': () => ({
      path: `/api/admin/products/id/${sizes[SIZE.browsed]!.productId}`,
    }),
    'GET /api/products/id/:productId/similar': () => ({
      path: `/api/products/id/${sizes[SIZE.browsed]!.productId}/similar`,
    }),
    'GET /api/products/id/:productId/rating-summary': () => ({
      path: `/api/products/id/${sizes[SIZE.browsed]!.productId}/rating-summary`,
    }),
    'GET /api/reviews/product/:productId': () => ({
      path: `/api/reviews/product/${sizes[SIZE.reviewed]!.productId}`,
    }),
    'GET /api/ratings/product/:productId': () => ({
      path: `/api/ratings/product/${sizes[SIZE.reviewed]!.productId}`,
    }),
    'GET /media/art/:name': () => ({ path: `/media/art/${artName}` }),
    'GET /sitemaps/:file': () => ({ path: '/sitemaps/products-1.xml' }),
    'GET /api/docs/static/*': () => ({ path: '/api/docs/static/swagger-ui.css' }),
    'GET /media/uploads/:name': () => ({ path: `/media/uploads/${uploadName}` }),
    'POST /api/payment/webhook': () => {
      const body = JSON.stringify({ event: 'payment_link.paid', payload: {} });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sandboxSignature(body),
        },
      };
    },
    'POST /api/payment/webhook/:provider': () => {
      const body = JSON.stringify({ event: 'payment_link.paid', payload: {} });
      return {
        path: '/api/payment/webhook/sandbox',
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sandboxSignature(body),
        },
      };
    },
    // The page links back to /payment/{orderId}: holding the link id is holding the order id.
    'GET /sandbox-pay/:linkId': () => ({ path: `/sandbox-pay/${linkOfA}`, reveals: [orderOfA] }),

    'PUT /api/cart/add': () => ({ body: sizes[SIZE.added]! }),
    'POST /api/cart/merge': () => ({ body: { items: [] } }),
    'PUT /api/cart_item/:cartItemId': async () => {
      const id = await cartLineOfA(SIZE.restLineUpdate);
      return { path: `/api/cart_item/${id}`, body: { quantity: 2 }, snapshot: lineSnapshot(id) };
    },
    'DELETE /api/cart_item/:cartItemId': async () => {
      const id = await cartLineOfA(SIZE.restLineRemove);
      return { path: `/api/cart_item/${id}`, snapshot: lineSnapshot(id) };
    },
    'PUT /api/wish/add': () => ({ body: { productId: sizes[SIZE.wished]!.productId } }),
    'DELETE /api/wish/:productId': async () => {
      const productId = await wishOfA(SIZE.restWishRemove);
      return { path: `/api/wish/${productId}`, snapshot: wishSnapshot(productId) };
    },
    'POST /api/reviews/create': () => ({
      body: { productId: sizes[SIZE.reviewed]!.productId, review: 'Lovely finish', rating: 4.5 },
    }),
    'POST /api/ratings/create': () => ({
      body: { productId: sizes[SIZE.reviewed]!.productId, rating: 4 },
    }),
    'POST /api/orders': async (caller) => {
      await fillCart(caller);
      return { body: address(caller) };
    },
    'GET /api/orders/:orderId': () => ({ path: `/api/orders/${orderOfA}` }),
    'GET /api/orders/:orderId/invoice': async () => ({
      path: `/api/orders/${(await invoicedOrdersOfA()).documents}/invoice`,
    }),
    'GET /api/orders/:orderId/credit-note': async () => ({
      path: `/api/orders/${(await invoicedOrdersOfA()).documents}/credit-note`,
    }),
    'PUT /api/orders/:orderId/pan': async () => ({
      path: `/api/orders/${(await invoicedOrdersOfA()).needsPan}/pan`,
      body: { pan: 'ABCDE1234F' },
    }),
    'POST /api/payment/:orderId': () => ({
      path: `/api/payment/${orderOfA}`,
      snapshot: paymentsSnapshot(orderOfA),
    }),
    'GET /api/payment': () => ({
      query: { payment_id: 'pay_matrix0001', order_id: orderOfA },
      snapshot: orderSnapshot(orderOfA),
    }),
    'GET /api/checkout/options': () => ({ query: { orderId: orderOfA } }),
    'POST /api/orders/:orderId/cod/confirm': () => ({
      path: `/api/orders/${orderOfA}/cod/confirm`,
      body: { code: '123456' },
      snapshot: orderSnapshot(orderOfA),
    }),
    'PUT /api/admin/orders/:orderId/cod': () => ({
      path: `/api/admin/orders/${orderOfA}/cod`,
      body: { outcome: 'collected' },
      snapshot: orderSnapshot(orderOfA),
    }),
    'POST /api/admin/cod/remittances': () => ({ body: { csv: REMITTANCE_CSV } }),
    'PUT /api/admin/orders/:orderId/cod/remittance': () => ({
      path: `/api/admin/orders/${orderOfA}/cod/remittance`,
      body: { note: 'Paid apart by the carrier' },
    }),
    'GET /api/schemes/plans': () => ({}),
    'GET /api/admin/schemes/plans': () => ({}),
    'POST /api/admin/schemes/plans': () => ({ body: SCHEME_PLAN }),
    'PUT /api/admin/schemes/plans/:planId': async () => ({
      path: `/api/admin/schemes/plans/${await scratchPlan()}`,
      body: SCHEME_PLAN,
    }),
    'POST /api/schemes/enrolments': async () => ({
      body: { planId: await openPlan(), instalment: 1000 },
    }),
    'GET /api/schemes/enrolments': () => ({}),
    'GET /api/schemes/enrolments/:enrolmentId': async () => ({
      path: `/api/schemes/enrolments/${await enrolmentOfA()}`,
    }),
    'POST /api/schemes/enrolments/:enrolmentId/payment': async () => ({
      path: `/api/schemes/enrolments/${await enrolmentOfA()}/payment`,
    }),
    'GET /api/schemes/enrolments/:enrolmentId/payment': async () => ({
      path: `/api/schemes/enrolments/${await enrolmentOfA()}/payment`,
      query: { payment_id: 'pay_matrix0003' },
    }),
    'GET /api/schemes/enrolments/:enrolmentId/statement': async () => ({
      path: `/api/schemes/enrolments/${await enrolmentOfA()}/statement`,
    }),
    'GET /api/admin/schemes/enrolments': () => ({ query: { filter: 'overdue' } }),
    'trpc schemes.book': () => ({ input: { filter: 'unredeemed' } }),
    'trpc schemes.plans': () => ({ input: {} }),
    'trpc schemes.adminPlans': () => ({ input: {} }),
    'trpc schemes.createPlan': () => ({ input: SCHEME_PLAN }),
    'trpc schemes.updatePlan': async () => ({
      input: { planId: await scratchPlan(), plan: SCHEME_PLAN },
    }),
    'trpc schemes.enrol': async () => ({ input: { planId: await openPlan(), instalment: 1000 } }),
    'trpc schemes.list': () => ({ input: {} }),
    'trpc schemes.get': async () => ({ input: { enrolmentId: await enrolmentOfA() } }),
    'trpc schemes.pay': async () => ({ input: { enrolmentId: await enrolmentOfA() } }),
    'trpc schemes.confirmReturn': async () => ({
      input: { enrolmentId: await enrolmentOfA(), paymentId: 'pay_matrix0004' },
    }),
    'POST /api/admin/schemes/enrolments/:enrolmentId/remind': async () => ({
      path: `/api/admin/schemes/enrolments/${await overdueEnrolmentOfA()}/remind`,
    }),
    'trpc schemes.remind': async () => ({ input: { enrolmentId: await overdueEnrolmentOfA() } }),
    'POST /api/admin/schemes/instalments/:schemePaymentId/refund': async () => {
      const id = await owedInstalmentOfA();
      return {
        path: `/api/admin/schemes/instalments/${id}/refund`,
        snapshot: instalmentRefundSnapshot(id),
      };
    },
    'trpc schemes.refundInstalment': async () => {
      const id = await owedInstalmentOfA();
      return { input: { schemePaymentId: id }, snapshot: instalmentRefundSnapshot(id) };
    },

    'DELETE /api/users/profile/:userId': async () => {
      const { id } = await signup('doomed');
      return { path: `/api/users/profile/${id}`, snapshot: userSnapshot(id) };
    },
    'POST /api/admin/products': () => ({ body: PRODUCT }),
    'POST /api/admin/catalogue/bulk-edits/preview': () => ({ body: bulkEdit() }),
    'POST /api/admin/catalogue/bulk-edits': async () => ({
      body: await previewedBulkEdit(),
      snapshot: productSnapshot(bulkProduct),
    }),
    'GET /api/admin/catalogue/bulk-edits/:id': async () => ({
      path: `/api/admin/catalogue/bulk-edits/${await finishedBulkEdit()}`,
    }),
    'POST /api/admin/catalogue/bulk-edits/:id/undo': async () => ({
      path: `/api/admin/catalogue/bulk-edits/${await finishedBulkEdit()}/undo`,
      snapshot: productSnapshot(bulkProduct),
    }),
    'trpc catalog.bulkEditPreview': () => ({ input: bulkEdit() }),
    'trpc catalog.bulkEditApply': async () => ({ input: await previewedBulkEdit() }),
    'trpc catalog.bulkEdit': async () => ({ input: { id: await finishedBulkEdit() } }),
    'trpc catalog.bulkEditUndo': async () => ({ input: { id: await finishedBulkEdit() } }),
    'PUT /api/admin/products/:productId': () => ({
      path: `/api/admin/products/${scratchProduct}`,
      body: { ...PRODUCT, title: 'Matrix Test Band (edited)' },
      snapshot: productSnapshot(scratchProduct),
    }),
    'DELETE /api/admin/products/:productId': async () => {
      const id = await freshProduct();
      return { path: `/api/admin/products/${id}`, snapshot: productSnapshot(id) };
    },
    'GET /api/admin/orders/:orderId': () => ({ path: `/api/admin/orders/${orderOfA}` }),
    'GET /api/admin/orders/:orderId/packing-slip': () => ({
      path: `/api/admin/orders/${orderOfA}/packing-slip`,
    }),
    'PUT /api/admin/orders/:orderId/:action': async () => {
      const id = await freshOrderOfA();
      return { path: `/api/admin/orders/${id}/cancel`, snapshot: orderSnapshot(id) };
    },
    'PUT /api/admin/orders/:orderId/huids': async () => ({
      path: `/api/admin/orders/${(await invoicedOrdersOfA()).documents}/huids`,
      body: { huids: {} },
    }),
    'POST /api/admin/orders/:orderId/refund': async () => {
      const id = await refundDueOrderOfA();
      return { path: `/api/admin/orders/${id}/refund`, snapshot: refundSnapshot(id) };
    },
    'PUT /api/admin/orders/:orderId/delete': async () => {
      const id = await freshOrderOfA();
      return { path: `/api/admin/orders/${id}/delete`, snapshot: orderSnapshot(id) };
    },
    'DELETE /api/admin/orders/:orderId': async () => {
      const id = await freshOrderOfA();
      return { path: `/api/admin/orders/${id}`, snapshot: orderSnapshot(id) };
    },
    'POST /api/uploads': () => ({ form: uploadForm }),
    'POST /api/admin/catalogue/imports': () => ({ form: importForm }),
    'GET /api/admin/catalogue/imports/:id': async () => ({
      path: `/api/admin/catalogue/imports/${await freshImport()}`,
    }),
    'POST /api/admin/catalogue/imports/:id/apply': async () => ({
      path: `/api/admin/catalogue/imports/${await freshImport()}/apply`,
    }),
    'GET /api/admin/catalogue/export': () => ({
      path: '/api/admin/catalogue/export?format=csv&q=ring',
    }),
    'trpc catalogue.importStatus': async () => ({ input: { id: await freshImport() } }),
    'trpc catalogue.applyImport': async () => ({ input: { id: await freshImport() } }),
    'GET /api/pages/:slug': () => ({ path: '/api/pages/privacy' }),
    'GET /api/delivery/promise': () => ({ path: '/api/delivery/promise?pin=560001' }),
    'GET /api/exchange/estimate': () => ({
      path: '/api/exchange/estimate?metal=gold&purity=916&netWeight=10.5',
    }),
    'POST /api/exchange/requests': () => ({ body: OLD_GOLD }),
    'PUT /api/admin/exchange/requests/:requestId': async () => ({
      path: `/api/admin/exchange/requests/${await exchangeRequestOfA()}`,
      body: { outcome: 'credit', finalValue: 1000, tested: TESTED },
    }),
    'POST /api/orders/:orderId/returns': async () => {
      const { orderId, orderItemId } = await deliveredOrderOfA();
      return {
        path: `/api/orders/${orderId}/returns`,
        body: { kind: 'return', reason: 'Too small', items: [{ orderItemId }] },
      };
    },
    'GET /api/orders/:orderId/returns': () => ({ path: `/api/orders/${orderOfA}/returns` }),
    'GET /api/orders/:orderId/returns/eligibility': () => ({
      path: `/api/orders/${orderOfA}/returns/eligibility`,
    }),
    'PUT /api/admin/returns/:returnId/:action': async () => ({
      path: `/api/admin/returns/${await returnOfA()}/approve`,
    }),
    'trpc exchange.estimate': () => ({
      input: { metal: 'gold', purity: '916', netWeight: 10.5 },
    }),
    'trpc exchange.request': () => ({ input: OLD_GOLD }),
    'trpc exchange.settle': async () => ({
      input: {
        requestId: await exchangeRequestOfA(),
        outcome: 'paid_out',
        finalValue: 900,
        tested: TESTED,
      },
    }),
    'trpc returns.request': async () => {
      const { orderId, orderItemId } = await deliveredOrderOfA();
      return { input: { orderId, kind: 'exchange', reason: 'Size', items: [{ orderItemId }] } };
    },
    'trpc returns.byOrder': () => ({ input: { orderId: orderOfA } }),
    'trpc returns.eligibility': () => ({ input: { orderId: orderOfA } }),
    'trpc returns.move': async () => ({
      input: { returnId: await returnOfA(), action: 'approve' },
    }),
    'POST /api/admin/returns/:returnId/bank-transfer': async () => ({
      path: `/api/admin/returns/${await returnOfA()}/bank-transfer`,
      body: { reference: 'UTR-MATRIX-1' },
    }),
    'trpc returns.payByTransfer': async () => ({
      input: { returnId: await returnOfA(), reference: 'UTR-MATRIX-1' },
    }),
    'PUT /api/admin/pages/:slug': () => ({
      path: '/api/admin/pages/terms',
      body: { title: 'Terms of Use', body: 'Edited by the access matrix.' },
      snapshot: pageSnapshot('terms'),
    }),

    'POST /api/admin/system/dead-letters/:deadLetterId/retry': () => ({
      path: '/api/admin/system/dead-letters/999999999/retry',
    }),
    'POST /api/admin/system/dead-letters/:deadLetterId/dismiss': () => ({
      path: '/api/admin/system/dead-letters/999999999/dismiss',
    }),
    'trpc system.retryDeadLetter': () => ({ input: { deadLetterId: '999999999' } }),
    'trpc system.dismissDeadLetter': () => ({ input: { deadLetterId: '999999999' } }),

    'trpc auth.signup': () => ({
      input: {
        firstName: 'Matrix',
        lastName: 'Signup',
        email: freshEmail(),
        password: 'Matrix@123',
      },
    }),
    'trpc auth.login': (caller) => ({ input: loginOf(caller) }),
    'trpc catalog.list': () => ({ input: { pageSize: 4 } }),
    'trpc catalog.byId': () => ({ input: { productId: sizes[SIZE.browsed]!.productId } }),
    'trpc catalog.similar': () => ({
      input: { productId: sizes[SIZE.browsed]!.productId, limit: 4 },
    }),
    'trpc catalog.search': () => ({ input: { q: 'ring', limit: 5 } }),
    'trpc catalog.suggest': () => ({ input: { q: 'ri', limit: 5 } }),
    'trpc catalog.searchPage': () => ({ input: { q: 'ring' } }),
    'trpc catalog.ratingSummary': () => ({ input: { productId: sizes[SIZE.reviewed]!.productId } }),
    'trpc reviews.byProduct': () => ({ input: { productId: sizes[SIZE.reviewed]!.productId } }),
    'trpc ratings.byProduct': () => ({ input: { productId: sizes[SIZE.reviewed]!.productId } }),
    'trpc cart.add': () => ({ input: sizes[SIZE.added]! }),
    'trpc cart.merge': () => ({ input: { items: [] } }),
    'trpc cart.updateItem': async () => {
      const id = await cartLineOfA(SIZE.trpcLineUpdate);
      return { input: { cartItemId: id, quantity: 2 }, snapshot: lineSnapshot(id) };
    },
    'trpc cart.removeItem': async () => {
      const id = await cartLineOfA(SIZE.trpcLineRemove);
      return { input: { cartItemId: id }, snapshot: lineSnapshot(id) };
    },
    'trpc wishlist.add': () => ({ input: { productId: sizes[SIZE.wished]!.productId } }),
    'trpc wishlist.remove': async () => {
      const productId = await wishOfA(SIZE.trpcWishRemove);
      return { input: { productId }, snapshot: wishSnapshot(productId) };
    },
    'trpc reviews.create': () => ({
      input: { productId: sizes[SIZE.reviewed]!.productId, review: 'Lovely finish', rating: 4.5 },
    }),
    'trpc ratings.create': () => ({
      input: { productId: sizes[SIZE.reviewed]!.productId, rating: 4 },
    }),
    'trpc orders.create': async (caller) => {
      await fillCart(caller);
      return { input: address(caller) };
    },
    'trpc orders.byId': () => ({ input: { orderId: orderOfA } }),
    'trpc orders.recordPan': async () => ({
      input: { orderId: (await invoicedOrdersOfA()).needsPan, pan: 'ABCDE1234F' },
    }),
    'trpc payments.create': () => ({
      input: { orderId: orderOfA },
      snapshot: paymentsSnapshot(orderOfA),
    }),
    'trpc payments.confirmReturn': () => ({
      input: { orderId: orderOfA, paymentId: 'pay_matrix0002' },
      snapshot: orderSnapshot(orderOfA),
    }),
    'trpc payments.checkoutOptions': () => ({ input: { orderId: orderOfA } }),
    'trpc cod.confirm': () => ({
      input: { orderId: orderOfA, code: '123456' },
      snapshot: orderSnapshot(orderOfA),
    }),
    'trpc cod.outcome': () => ({
      input: { orderId: orderOfA, outcome: 'collected' },
      snapshot: orderSnapshot(orderOfA),
    }),
    'trpc cod.remittances': () => ({ input: { csv: REMITTANCE_CSV } }),
    'trpc cod.resolveShort': () => ({
      input: { orderId: orderOfA, note: 'Paid apart by the carrier' },
    }),
    'trpc users.remove': async () => {
      const { id } = await signup('doomed');
      return { input: { userId: id }, snapshot: userSnapshot(id) };
    },
    'trpc catalog.adminList': () => ({ input: { pageSize: 5 } }),
    'trpc catalog.adminById': () => ({ input: { productId: sizes[SIZE.browsed]!.productId } }),
    'trpc pages.bySlug': () => ({ input: { slug: 'about' } }),
    'trpc delivery.promise': () => ({ input: { pin: '560001' } }),
    'GET /api/admin/reports/sales-register': () => ({
      path: '/api/admin/reports/sales-register?from=2026-11-01&to=2026-11-30',
    }),
    'GET /api/admin/reports/gstr1': () => ({ path: '/api/admin/reports/gstr1?month=2026-11' }),
    'trpc reports.salesRegister': () => ({ input: { from: '2026-11-01', to: '2026-11-30' } }),
    'trpc reports.gstr1': () => ({ input: { month: '2026-11' } }),
    'GET /api/admin/reports/settlement': () => ({
      path: '/api/admin/reports/settlement?from=2026-11-01&to=2026-11-30',
    }),
    'trpc reports.settlement': () => ({ input: { from: '2026-11-01', to: '2026-11-30' } }),
    'trpc pages.update': () => ({
      input: { slug: 'about', page: { title: 'About Us', body: 'Edited through tRPC.' } },
      snapshot: pageSnapshot('about'),
    }),
    'PUT /api/admin/metal-rates': () => ({ body: { rates: [SILVER_RATE] } }),
    'POST /api/admin/metal-rates/preview': () => ({ body: { rates: [SILVER_RATE] } }),
    'trpc pricing.publish': () => ({ input: { rates: [SILVER_RATE] } }),
    'trpc pricing.preview': () => ({ input: { rates: [SILVER_RATE] } }),
    'trpc catalog.create': () => ({ input: PRODUCT }),
    'trpc catalog.update': () => ({
      input: {
        productId: scratchProduct,
        product: { ...PRODUCT, title: 'Matrix Test Band (tRPC)' },
      },
      snapshot: productSnapshot(scratchProduct),
    }),
    'trpc catalog.remove': async () => {
      const id = await freshProduct();
      return { input: { productId: id }, snapshot: productSnapshot(id) };
    },
    'trpc orders.adminDetail': () => ({ input: { orderId: orderOfA } }),
    'trpc orders.recordHuids': async () => ({
      input: { orderId: (await invoicedOrdersOfA()).documents, huids: {} },
    }),
    'trpc orders.refund': async () => {
      const id = await refundDueOrderOfA();
      return { input: { orderId: id }, snapshot: refundSnapshot(id) };
    },
    'trpc orders.move': async () => {
      const id = await freshOrderOfA();
      return { input: { orderId: id, action: 'cancel' }, snapshot: orderSnapshot(id) };
    },
    'trpc orders.remove': async () => {
      const id = await freshOrderOfA();
      return { input: { orderId: id }, snapshot: orderSnapshot(id) };
    },
  };

  const authOf = (label: string): Record<string, string> => {
    if (label === 'visitor') return {};
    if (label.startsWith('visitor ('))
      return { authorization: label.slice('visitor ('.length, -1) };
    return { authorization: `Bearer ${tokens[label as Exclude<Caller, 'visitor'>]}` };
  };

  /** One endpoint to call: a REST route (as the route table has it) or a tRPC procedure. */
  interface Target {
    key: string;
    method: string;
    row: Row;
    /** REST path template, or the procedure's name. */
    at: string;
    procedure?: boolean;
    build: (caller: Caller) => Promise<Shot> | Shot;
  }

  function targets(): Target[] {
    const list: Target[] = [];
    const plain = () => ({});
    for (const route of uniqueRoutes(watch.routes)) {
      const key = `${route.method} ${route.url}`;
      const rule = ruleFor(route);
      if (rule?.row === 'trpc') continue;
      if (rule?.row === 'asGet') {
        const get = `GET ${route.url}`;
        list.push({
          key,
          method: 'HEAD',
          row: EXPECTED[get]!,
          at: route.url,
          build: SEND[get] ?? plain,
        });
      } else if (rule) {
        const path = fillParams(route.url);
        list.push({
          key,
          method: route.method,
          row: rule.row,
          at: route.url,
          build: () => ({ path }),
        });
      } else {
        list.push({
          key,
          method: route.method,
          row: EXPECTED[key]!,
          at: route.url,
          build: SEND[key] ?? plain,
        });
      }
    }
    for (const p of discoverProcedures()) {
      const key = `trpc ${p.name}`;
      const method = methodOf(p);
      list.push({
        key,
        method,
        row: EXPECTED[key]!,
        at: p.name,
        procedure: true,
        build: SEND[key] ?? (() => ({})),
      });
    }
    return list;
  }

  let sent = 0;
  async function sendCell(target: Target, label: string, caller: Caller): Promise<Cell> {
    const shot = await target.build(caller);
    const before = shot.snapshot ? JSON.stringify(await shot.snapshot()) : null;
    const id = `matrix-${sent++}`;
    const headers: Record<string, string> = { ...authOf(label), 'x-matrix-id': id };
    let url: string;
    let body: string | FormData | undefined;
    if (target.procedure) {
      url = `/trpc/${target.at}`;
      if (target.method === 'GET') {
        if (shot.input !== undefined)
          url += `?input=${encodeURIComponent(JSON.stringify(shot.input))}`;
      } else {
        body = JSON.stringify(shot.input ?? null);
        headers['content-type'] = 'application/json';
      }
    } else {
      url = shot.path ?? target.at;
      if (/[:*]/.test(url))
        throw new Error(`${target.key}: SEND must give real ids for its parameters`);
      if (shot.query) url += `?${new URLSearchParams(shot.query).toString()}`;
      if (shot.form) body = shot.form();
      else if (typeof shot.body === 'string') body = shot.body;
      else if (shot.body !== undefined) {
        body = JSON.stringify(shot.body);
        headers['content-type'] = 'application/json';
      }
    }
    Object.assign(headers, shot.headers);
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: target.method,
      headers,
      body,
    });
    // A subscription answers as an event stream: its first event says opened or refused (status).
    const stream = response.headers.get('content-type')?.startsWith('text/event-stream');
    const text = stream ? await firstEvent(response) : await response.text();
    const streamed = stream ? /"httpStatus":\s*(\d{3})/.exec(text) : null;
    const cell: Cell = {
      key: target.key,
      caller,
      label,
      expected: target.row[caller],
      request: `${target.method} ${url}`,
      status: streamed ? Number(streamed[1]) : response.status,
      text,
      reveals: shot.reveals ?? [],
    };
    if (shot.snapshot && !ok(response.status)) {
      const after = JSON.stringify(await shot.snapshot());
      if (after !== before) cell.changed = `${before} → ${after}`;
    }
    if (response.status >= 500)
      cell.cause =
        watch.serverErrors.get(id) ?? [...(watch.procedureErrors.get(target.at) ?? [])].join(' | ');
    return cell;
  }

  /** What is wrong with one cell, if anything. */
  function faults(cell: Cell): string[] {
    const found: string[] = [];
    const where = `${cell.key} as ${cell.label} (${short(cell.request, 160)})`;
    if (!meets(cell.expected, cell.status))
      found.push(
        `${where}: expected ${cell.expected}, got ${cell.status}: ${short(cell.text)}` +
          (cell.cause ? `\n      server: ${short(cell.cause)}` : ''),
      );
    if (cell.changed)
      found.push(
        `${where}: refused with ${cell.status}, yet A's resource changed: ${cell.changed}`,
      );
    if (cell.caller === 'visitor' || cell.caller === 'B') {
      // What the caller sent is no secret to them (an id in the path may be echoed back).
      const leaked = [...secretsOfA].filter(
        (s) => !cell.request.includes(s) && !cell.reveals.includes(s) && cell.text.includes(s),
      );
      if (leaked.length) found.push(`${where}: the answer shows A's ${leaked.join(', ')}`);
    }
    // Our refusals read { error, message }; bull-board's own answers behind the guard are its own.
    const refused =
      cell.status >= 400 &&
      cell.status < 500 &&
      cell.expected !== 'admitted' &&
      !cell.request.startsWith('HEAD ');
    if (refused && !cell.key.startsWith('trpc ')) {
      let shape: unknown = null;
      try {
        shape = JSON.parse(cell.text);
      } catch {
        // reported below
      }
      const { error, message } = (shape ?? {}) as { error?: unknown; message?: unknown };
      if (typeof error !== 'string' || typeof message !== 'string')
        found.push(`${where}: a refusal is { error, message }, got ${short(cell.text)}`);
    }
    return found;
  }

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(os.tmpdir(), 'kanak-matrix-uploads-'));
    // A stand-in for the built web, so its routes are in the table whether or not `pnpm build` ran.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'kanak-matrix-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Kanak</title>');
    await writeFile(path.join(webDir, 'assets', 'app-matrix.js'), 'export {};');
    try {
      server = await startTestServer({
        UPLOAD_DIR: uploadDir,
        WEB_DIST: webDir,
        // No worker runs here: queued payment returns and order moves answer at once.
        ORDER_WAIT_MS: 0,
        LOG_LEVEL: 'fatal',
      });
    } finally {
      watch.stop();
    }
    http = httpClient(server.baseUrl);

    const admin = await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin);
    expect(admin.status).toBe(200);
    tokens.admin = admin.body.jwt;
    userIds.admin = (
      await http.get<{ _id: string }>('/api/users/profile', { token: tokens.admin })
    ).body._id;
    const a = await signup('a', { lastName: ownerOfA.lastName, email: ownerOfA.email });
    const b = await signup('b', { email: emailOfB });
    [tokens.A, userIds.A, tokens.B, userIds.B] = [a.token, a.id, b.token, b.id];
    for (const secret of [ownerOfA.lastName, ownerOfA.email, ownerOfA.street, ownerOfA.mobile])
      secretsOfA.add(secret);

    const stocked = await db()
      .selectFrom('product_sizes')
      .select(['product_id', 'weight'])
      .where('stock', '>=', 5)
      .orderBy('product_id')
      .limit(1000)
      .execute();
    const seen = new Set<string>();
    sizes = stocked
      .filter((s) => !seen.has(s.product_id) && seen.add(s.product_id))
      .map((s) => ({ productId: s.product_id, weight: s.weight }));
    expect(sizes.length).toBeGreaterThan(Math.max(...Object.values(SIZE)));
    artName = (
      await db()
        .selectFrom('product_images')
        .select('url')
        .where('url', 'like', '/media/art/%')
        .executeTakeFirstOrThrow()
    ).url.slice('/media/art/'.length);

    orderOfA = await freshOrderOfA();
    const link = await http.post<{ payment_link_id: string }>(
      `/api/payment/${orderOfA}`,
      undefined,
      {
        token: tokens.A,
      },
    );
    expect(link.status).toBe(200);
    linkOfA = link.body.payment_link_id;
    scratchProduct = await freshProduct();
    bulkProduct = await freshProduct();
    const uploaded = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: uploadForm(),
    });
    expect(uploaded.status).toBe(201);
    uploadName = ((await uploaded.json()) as { secure_url: string }).secure_url.split('/').pop()!;
  });

  afterAll(async () => {
    await server?.close();
    await rm(uploadDir, { recursive: true, force: true });
    await rm(webDir, { recursive: true, force: true });
  });

  it('has a row (or a named rule) for every discovered route and procedure, and no stale row', () => {
    const routes = uniqueRoutes(watch.routes);
    const procedures = discoverProcedures();
    expect(routes.length).toBeGreaterThan(30);
    expect(procedures.length).toBeGreaterThan(20);

    const unlisted = [
      ...routes
        .filter((r) => !ruleFor(r) && !EXPECTED[`${r.method} ${r.url}`])
        .map((r) => `${r.method} ${r.url}`),
      ...procedures.filter((p) => !EXPECTED[`trpc ${p.name}`]).map((p) => `trpc ${p.name}`),
    ];
    expect(
      unlisted,
      'endpoints nobody has decided who may call: give each a row in EXPECTED',
    ).toEqual([]);

    const known = new Set([
      ...routes.map((r) => `${r.method} ${r.url}`),
      ...procedures.map((p) => `trpc ${p.name}`),
    ]);
    expect(
      Object.keys(EXPECTED).filter((key) => !known.has(key)),
      'rows of endpoints that no longer exist',
    ).toEqual([]);
    expect(
      Object.keys(SEND).filter((key) => !EXPECTED[key]),
      'SEND entries without a row',
    ).toEqual([]);
    // Every rule is in use (a rule that matches nothing hides nothing, but says something false).
    for (const rule of RULES)
      expect(
        routes.some((r) => ruleFor(r) === rule),
        `rule "${rule.name}" matches no route`,
      ).toBe(true);
    // A HEAD twin takes its GET's row.
    expect(routes.filter((r) => ruleFor(r)?.row === 'asGet' && !EXPECTED[`GET ${r.url}`])).toEqual(
      [],
    );
  });

  it("answers every caller of every route and procedure as the table says; B sees and changes nothing of A's", async () => {
    const list = targets();
    expect(list.length).toBeGreaterThan(100);
    // Rows run side by side (no two share a resource of A's); a row's callers run in turn, each
    // on a fresh resource where the call changes it.
    const cells: Cell[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < list.length) {
          const target = list[next++]!;
          for (const { label, caller } of CALLERS)
            cells.push(await sendCell(target, label, caller));
        }
      }),
    );
    expect(cells.length).toBe(list.length * CALLERS.length);
    const problems = cells.flatMap(faults);
    expect(
      problems,
      `${problems.length} of ${cells.length} cells are wrong:\n${problems.join('\n')}`,
    ).toEqual([]);
    // Every column was exercised on both transports.
    for (const caller of ['visitor', 'A', 'B', 'admin'] as const) {
      expect(
        cells.some((c) => c.caller === caller && c.key.startsWith('trpc ') && ok(c.status)),
      ).toBe(true);
      expect(
        cells.some((c) => c.caller === caller && !c.key.startsWith('trpc ') && ok(c.status)),
      ).toBe(true);
    }
  }, 300_000);

  it('answers tampered, forged, expired, removed and garbage tokens with 401 on customer and admin endpoints', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, payload, signature] = tokens.A.split('.') as [string, string, string];
    const claimsOfA = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const now = Math.floor(Date.now() / 1000);
    const admin = { id: userIds.admin, role: 'ADMIN' as const, email: SEED_ACCOUNTS.admin.email };

    const removed = await signup('removed');
    // The token worked until its account was removed.
    expect((await http.get('/api/cart', { token: removed.token })).status).toBe(200);
    const removal = await http.delete(`/api/users/profile/${removed.id}`, { token: tokens.admin });
    expect(removal.status).toBe(200);

    const bad: [string, string][] = [
      [
        'payload edited to role ADMIN, signature kept',
        `${header}.${b64({ ...claimsOfA, role: 'ADMIN' })}.${signature}`,
      ],
      [
        "payload edited to the admin's id, signature kept",
        `${header}.${b64({ ...claimsOfA, sub: userIds.admin, role: 'ADMIN' })}.${signature}`,
      ],
      [
        'alg none',
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: admin.id, role: 'ADMIN', iat: now, exp: now + 3600 })}.`,
      ],
      [
        'signed with a wrong key',
        await signToken({ secret: randomBytes(24).toString('hex'), expiresIn: '1h' }, admin),
      ],
      [
        "expired (the server's own key)",
        await signToken({ secret: server.config.JWT_SECRET, expiresIn: '-1h' }, admin),
      ],
      ['of a removed customer', removed.token],
      ['garbage', 'garbage'],
      ['three dots of nothing', 'a.b.c'],
      ['a cut signature', tokens.admin.slice(0, -6)],
    ];
    // Sanity: the server's own key really does sign tokens it accepts.
    const fresh = await signToken({ secret: server.config.JWT_SECRET, expiresIn: '1h' }, admin);

    const list = targets();
    const chosen = [
      'GET /api/cart',
      'GET /api/users',
      'POST /admin/queues/session',
      'trpc cart.get',
      'trpc users.list',
    ];
    const guarded = chosen.map((key) => list.find((t) => t.key === key)!);
    expect(guarded.every(Boolean)).toBe(true);

    const wrong: string[] = [];
    const check = async (target: Target, what: string, token: string, expected: Expect) => {
      const shot = await target.build('admin');
      const url = target.procedure ? `/trpc/${target.at}` : (shot.path ?? target.at);
      const response = await fetch(`${server.baseUrl}${url}`, {
        method: target.method,
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      if (!meets(expected, response.status))
        wrong.push(
          `${target.key} with a token ${what}: expected ${expected}, got ${response.status}: ${short(text)}`,
        );
    };
    await Promise.all(
      guarded.flatMap((target) => [
        ...bad.map(([what, token]) => check(target, what, token, 401)),
        check(target, 'freshly signed for the admin', fresh, 'ok'),
        // A customer's own token on an admin endpoint: the table's answer (403).
        check(target, 'of customer A', tokens.A, target.row.A),
      ]),
    );
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(guarded.filter((t) => t.row.A === 403).length).toBeGreaterThanOrEqual(3);
  });
});
