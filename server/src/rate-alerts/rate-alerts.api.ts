import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation } from '../api/declare-use-case';

const message = z.object({ message: z.string() });

/** "Tell me when 22K gold is below ₹X/g". */
export const rateAlertsApi = {
  ask: mutation('public', shared.rateAlertInput, shared.rateAlertAnswer, {
    summary:
      'Asks for one e-mail when a published rate goes below `below` (₹ per gram): a visitor confirms by the mailed link first; a signed-in shopper’s account e-mail is used at once. Asking again re-arms it',
    run: ({ services, user, address }, input) =>
      core.askRateAlert({
        deps: { db: services.db, mailLimits: services.mailLimits },
        user,
        address,
        input,
      }),
    rest: [{ method: 'POST', path: '/api/rate-alerts', status: 202 }],
  }),
  confirm: mutation('public', shared.rateAlertTokenInput, message, {
    summary: "Arms a visitor's rate alert from the mailed confirm link (no login)",
    run: ({ services }, input) => core.confirmRateAlert(services.db, input.token),
    rest: [
      {
        method: 'POST',
        path: '/api/rate-alerts/:token/confirm',
        paramDocs: { token: { description: "The confirm link's secret" } },
      },
    ],
  }),
  unsubscribe: mutation('public', shared.rateAlertTokenInput, message, {
    summary: "Ends a rate alert from the mail's unsubscribe link (no login)",
    run: ({ services }, input) => core.unsubscribeRateAlert(services.db, input.token),
    rest: [
      {
        method: 'DELETE',
        path: '/api/rate-alerts/:token',
        paramDocs: { token: { description: "The unsubscribe link's secret" } },
      },
    ],
  }),
};
