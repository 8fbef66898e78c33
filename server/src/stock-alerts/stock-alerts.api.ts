import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';

export const stockAlertsApi = {
  subscribe: mutation('public', shared.stockAlertInput, shared.stockAlertAnswer, {
    summary:
      'Asks for one e-mail when a sold-out size is back in stock (visitor: email required; signed in: the account e-mail)',
    run: ({ services, user, address }, input) =>
      core.subscribeStockAlert({
        deps: { db: services.db, mailLimits: services.mailLimits },
        user,
        address,
        input,
      }),
    rest: [{ method: 'POST', path: '/api/stock-alerts', status: 201 }],
  }),
  unsubscribe: mutation('public', shared.stockAlertTokenInput, z.object({ message: z.string() }), {
    summary: "Ends a back-in-stock alert from the mail's unsubscribe link (no login)",
    run: ({ services }, input) => core.unsubscribeStockAlert(services.db, input.token),
    rest: [
      {
        method: 'DELETE',
        path: '/api/stock-alerts/:token',
        paramDocs: { token: { description: "The unsubscribe link's secret" } },
      },
    ],
  }),
  demand: query('admin', noInput, shared.stockAlertDemand, {
    summary: 'Shoppers waiting per sold-out size (active alerts not yet mailed), most wanted first',
    run: ({ services }) => core.stockAlertDemand(services.db),
    rest: [{ method: 'GET', path: '/api/admin/stock-alerts' }],
  }),
};
