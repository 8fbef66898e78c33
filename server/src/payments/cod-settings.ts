import type * as core from '@kanak/core';
import type { Config } from '../config';

/** Cash on delivery as the configuration sets it (COD_*, and the zones of DELIVERY_ZONES). */
export const codSettings = (config: Config): core.CodSettings => ({
  maxRupees: config.COD_MAX_RUPEES,
  blockDays: config.COD_BLOCK_DAYS,
  confirmMinutes: config.COD_CONFIRM_MINUTES,
  feeRupees: config.COD_FEE_RUPEES,
  zones: config.DELIVERY_ZONES,
});
