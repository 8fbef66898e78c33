import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';
import { outboxDeps } from '../services';

export const ordersApi = {
  byId: query('customer', shared.orderIdInput, shared.orderView, {
    summary: "One of the shopper's orders (an administrator sees any)",
    run: ({ services, user }, input) => core.getOrderFor(services.db, user, input.orderId),
    rest: [{ method: 'GET', path: '/api/orders/:orderId' }],
  }),
  mine: query('customer', noInput, z.array(shared.orderView), {
    summary: "The shopper's orders, newest first (a bare array)",
    run: ({ services, user }) => core.listUserOrders(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/orders/user' }],
  }),
  refunds: query('customer', noInput, z.array(shared.passbookRefund), {
    summary:
      "The shopper's refunds, due and done (the passbook): each order refund and instalment paid back, newest first, in rupees",
    run: ({ services, user }) => core.myRefunds(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/orders/refunds' }],
  }),
  adminList: query('admin', z.optional(shared.adminOrdersQuery), shared.adminOrdersPage, {
    summary:
      'A page of all orders with their customers, newest first, by status, refund owed or a search of customer or order number; REST answers the page as a bare array (500 at most: ?page=2 for the next)',
    run: ({ services }, input) => core.listAdminOrders(services.db, input ?? {}),
    rest: [
      {
        method: 'GET',
        path: '/api/admin/orders',
        answer: (page) => ({ status: 200, body: page.content }),
        otherAnswers: {
          200: {
            description: 'The page of orders (a bare array)',
            schema: z.array(shared.orderView),
          },
        },
      },
    ],
  }),
  adminDetail: query('admin', shared.orderIdInput, shared.adminOrderDetail, {
    summary:
      'One order as the owner fulfils it: customer, delivery address, items, every payment (link, provider payment id, status, refund reason) and every move with who made it',
    run: ({ services }, input) => core.getAdminOrderDetail(services.db, input.orderId),
    rest: [{ method: 'GET', path: '/api/admin/orders/:orderId' }],
  }),
  carriers: query('admin', noInput, z.array(shared.carrierSchema), {
    summary:
      "The shop's couriers (CARRIERS): code, name, tracking page template ({awb}) and the insured value each carries at most, in rupees",
    run: ({ services }) => services.config.CARRIERS,
    rest: [{ method: 'GET', path: '/api/admin/carriers' }],
  }),
  move: mutation('admin', shared.orderMoveInput, shared.orderMoveAnswer, {
    summary:
      'Moves an order (confirmed, ship, deliver, cancel); the worker applies it, and REST answers 202 while it is queued. A ship may carry `{ carrier, awb, huids? }`: the shipment (carrier, AWB, tracking page, insured value) is recorded with the move; an unknown carrier or a malformed AWB is a 400. With HUID_REQUIRED_TO_SHIP (the default) an order holding hallmarked gold of 2 g or more ships only with a HUID per piece (409 naming the lines), or, in a shop that is not NODE_ENV=production, with `huidSkipReason` kept on the ship event and printed on the invoice. Without a body and without such pieces it ships as before.',
    run: ({ services, user }, input) =>
      core.moveOrderAsAdmin({
        deps: outboxDeps(services),
        admin: user,
        orderId: input.orderId,
        action: input.action,
        huids: input.huids,
        rules: {
          huidRequired: services.config.HUID_REQUIRED_TO_SHIP,
          huidSkipAllowed: services.config.NODE_ENV !== 'production',
          panRequired: services.config.PAN_REQUIRED_TO_SHIP,
          carriers: services.config.CARRIERS,
        },
        carriage: { carrier: input.carrier, awb: input.awb, huidSkipReason: input.huidSkipReason },
      }),
    rest: [
      {
        method: 'PUT',
        path: '/api/admin/orders/:orderId/:action',
        paramDocs: {
          action: {
            description: `The move: ${shared.ADMIN_ORDER_ACTIONS.map((a) => `\`${a.action}\` → ${a.to}`).join(', ')}. Allowed from PLACED: all four; CONFIRMED: ship, deliver, cancel; SHIPPED: deliver; PENDING: cancel (else 409).`,
            example: 'ship',
          },
        },
        answer: (move) =>
          move.done
            ? { status: 200, body: move.order }
            : {
                status: 202,
                body: {
                  jobId: move.jobId,
                  message: 'The status change is queued and will be applied shortly',
                },
              },
        otherAnswers: {
          200: { description: 'The order after the move', schema: shared.orderView },
          202: { description: 'The move is queued', schema: shared.queuedMoveAnswer },
        },
      },
    ],
  }),
  refund: mutation('admin', shared.orderIdInput, shared.orderView, {
    summary:
      "Refunds the order's refund-due money through the provider it came from (a credit note reverses an invoiced, cancelled sale, once). Idempotent: a second call while one is in flight or done changes nothing. Answers the order: `refundDue` is false once asked, `refund.state` is processing, processed or failed (failed: owed again, and a new call asks again) with `providerRefundId`; 409 when the order owes nothing",
    run: async ({ services, user }, input) => {
      await core.requestOrderRefund(outboxDeps(services), user, input.orderId);
      return core.getOrderFor(services.db, user, input.orderId);
    },
    rest: [{ method: 'POST', path: '/api/admin/orders/:orderId/refund' }],
  }),
  create: mutation('customer', shared.createOrderInput, shared.orderView, {
    summary:
      "Places an order from the shopper's cart, to the given delivery address: 400 when the PIN is not India Post's, is in another state than `state` (the message names both), is not served, or the order is above its zone's insured cap",
    run: ({ services, user }, input) =>
      core.createOrderFromCart({
        db: services.db,
        userId: user.id,
        address: input,
        limits: services.limits,
        delivery: services.delivery,
      }),
    rest: [{ method: 'POST', path: '/api/orders', status: 201 }],
  }),
  recordHuids: mutation('admin', shared.orderHuidsInput, shared.orderView, {
    summary:
      "Records the HUIDs of a paid order's hallmarked gold pieces without moving it (each replaces what its line had; a HUID sells once: 409 naming the order that has it)",
    run: async ({ services, user }, input) => {
      await core.recordOrderHuids(services.db, input.orderId, input.huids);
      return core.getOrderFor(services.db, user, input.orderId);
    },
    rest: [{ method: 'PUT', path: '/api/admin/orders/:orderId/huids' }],
  }),
  recordPan: mutation('customer', shared.orderPanInput, shared.orderView, {
    summary:
      "Records the buyer's PAN on their order above ₹2,00,000 (owner or admin; kept once: the invoice prints it)",
    run: async ({ services, user }, input) => {
      await core.recordOrderPan(services.db, { user, id: input.orderId, pan: input.pan });
      return core.getOrderFor(services.db, user, input.orderId);
    },
    rest: [{ method: 'PUT', path: '/api/orders/:orderId/pan' }],
  }),
  remove: mutation('admin', shared.orderIdInput, shared.orderRemoval, {
    summary:
      'Deletes an unpaid order (its payment links are cancelled first); an order with a payment or a refund owed answers 409: cancel it instead',
    run: ({ services }, input) =>
      core.removeOrder(services.db, services.paymentProviders, input.orderId),
    // The spec's client deletes with PUT …/delete; other clients use DELETE.
    rest: [
      { method: 'PUT', path: '/api/admin/orders/:orderId/delete' },
      { method: 'DELETE', path: '/api/admin/orders/:orderId' },
    ],
  }),
  dashboard: query('admin', noInput, shared.dashboardView, {
    summary: 'Figures for the admin dashboard',
    run: ({ services }) => core.getDashboard(services.db),
  }),
};
