import { DEFAULT_DELIVERY_HOLIDAYS } from './deliver-by';
import { DEFAULT_DELIVERY_ZONES, type DeliveryZone } from './zones';

/** What the promise and the checkout read: the zone table, the holidays and the clock. */
export interface DeliveryRules {
  zones: readonly DeliveryZone[];
  holidays: readonly string[];
  /** The injected clock: tests fix it; the server passes `() => new Date()`. */
  now: () => Date;
}

export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  zones: DEFAULT_DELIVERY_ZONES,
  holidays: DEFAULT_DELIVERY_HOLIDAYS,
  now: () => new Date(),
};
