import * as z from 'zod/mini';
import {
  createOrderFromCart,
  getDashboard,
  getOrderFor,
  listAllOrders,
  listUserOrders,
  moveOrder,
  removeOrder,
} from '@kanak/core';
import {
  createOrderInput,
  dashboardView,
  orderIdInput,
  orderMoveAnswer,
  orderRemoval,
  orderTransitionInput,
  orderView,
  queuedMoveAnswer,
} from '@kanak/shared';
import { mutation, noInput, query } from '../api/use-case';
import { outboxDeps } from '../services';

export const ordersApi = {
  create: mutation({
    summary: "Places an order from the shopper's cart, to the given delivery address",
    access: 'customer',
    input: createOrderInput,
    output: orderView,
    run: ({ services, user }, input) =>
      createOrderFromCart(services.db, user.id, input, services.limits),
    rest: [{ method: 'POST', path: '/api/orders', status: 201 }],
  }),
  byId: query({
    summary: "One of the shopper's orders (an administrator sees any)",
    access: 'customer',
    input: orderIdInput,
    output: orderView,
    run: ({ services, user }, input) => getOrderFor(services.db, user, input.orderId),
    rest: [{ method: 'GET', path: '/api/orders/:orderId' }],
  }),
  mine: query({
    summary: "The shopper's orders, newest first (a bare array)",
    access: 'customer',
    input: noInput,
    output: z.array(orderView),
    run: ({ services, user }) => listUserOrders(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/orders/user' }],
  }),
  adminList: query({
    summary: 'Every order with its customer, newest first (a bare array)',
    access: 'admin',
    input: noInput,
    output: z.array(orderView),
    run: ({ services }) => listAllOrders(services.db),
    rest: [{ method: 'GET', path: '/api/admin/orders' }],
  }),
  transition: mutation({
    summary:
      'Moves an order (confirmed, ship, deliver, cancel); the worker applies it, and REST answers 202 while it is queued',
    access: 'admin',
    input: orderTransitionInput,
    output: orderMoveAnswer,
    run: ({ services, user }, input) =>
      moveOrder(outboxDeps(services), user, input.orderId, input.action),
    rest: [
      {
        method: 'PUT',
        path: '/api/admin/orders/:orderId/:action',
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
          200: { description: 'The order after the move', schema: orderView },
          202: { description: 'The move is queued', schema: queuedMoveAnswer },
        },
      },
    ],
  }),
  remove: mutation({
    summary: 'Deletes an order with its items, payments and events',
    access: 'admin',
    input: orderIdInput,
    output: orderRemoval,
    run: ({ services }, input) => removeOrder(services.db, input.orderId),
    // The spec's client deletes with PUT …/delete; other clients use DELETE.
    rest: [
      { method: 'PUT', path: '/api/admin/orders/:orderId/delete' },
      { method: 'DELETE', path: '/api/admin/orders/:orderId' },
    ],
  }),
  dashboard: query({
    summary: 'Figures for the admin dashboard',
    access: 'admin',
    input: noInput,
    output: dashboardView,
    run: ({ services }) => getDashboard(services.db),
  }),
};
