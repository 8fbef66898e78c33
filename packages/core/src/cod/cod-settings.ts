import type { DeliveryZone } from '../delivery';

/** How the shop runs cash on delivery (COD_* in the server's configuration). */
export interface CodSettings {
  /** The most an order may total, in rupees (COD_MAX_RUPEES). */
  maxRupees: number;
  /** Days a shopper who refused a COD parcel may not choose COD again (COD_BLOCK_DAYS). */
  blockDays: number;
  /** Minutes the mailed code stays good; an order not confirmed by then is cancelled. */
  confirmMinutes: number;
  /** Rupees added for cash on delivery, invoiced as its own line (COD_FEE_RUPEES). */
  feeRupees: number;
  /** The delivery zones: which PINs the carrier collects cash at. */
  zones: readonly DeliveryZone[];
}

export const DEFAULT_COD_BLOCK_DAYS = 90;
export const DEFAULT_COD_CONFIRM_MINUTES = 30;
/** Wrong codes before the code is void (a new one is mailed by choosing COD again). */
export const COD_CODE_TRIES = 5;
