import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { query } from '../api/declare-use-case';

export const deliveryApi = {
  promise: query('public', {
    input: shared.deliveryPromiseInput,
    output: shared.deliveryPromiseView,
    summary:
      "Whether and by when the shop delivers to a PIN (India Post's directory, the zone table of DELIVERY_ZONES, Sundays and DELIVERY_HOLIDAYS skipped); `value` (rupees) is checked against the zone's insured cap. A malformed PIN answers 400",
    run: ({ services }, input) => core.deliveryPromise(services.delivery, input.pin, input.value),
    rest: [{ method: 'GET', path: '/api/delivery/promise' }],
  }),
};
