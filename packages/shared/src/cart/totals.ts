import { MAX_CART_QUANTITY } from './schemas';

/** A unit's list and discounted price (whole rupees). */
export interface UnitPrice {
  price: number;
  discountedPrice: number;
}

/** A cart line's totals: unit prices × quantity. */
export interface LineTotal {
  quantity: number;
  price: number;
  discountedPrice: number;
}

export interface CartTotals {
  totalItem: number;
  totalPrice: number;
  discount: number;
  totalDiscountedPrice: number;
}

/** The line totals of `quantity` units at the current prices. */
export function lineTotal(unit: UnitPrice, quantity: number): LineTotal {
  return {
    quantity,
    price: unit.price * quantity,
    discountedPrice: unit.discountedPrice * quantity,
  };
}

/** The cart's totals from its line totals: the account's cart (core) and the guest cart (web) alike. */
export function cartTotals(lines: readonly LineTotal[]): CartTotals {
  let totalItem = 0;
  let totalPrice = 0;
  let totalDiscountedPrice = 0;
  for (const line of lines) {
    totalItem += line.quantity;
    totalPrice += line.price;
    totalDiscountedPrice += line.discountedPrice;
  }
  return {
    totalItem,
    totalPrice,
    discount: totalPrice - totalDiscountedPrice,
    totalDiscountedPrice,
  };
}

/** The refusal shown when a line would hold more than its size's stock. */
export function stockMessage(stock: number): string {
  return stock === 0
    ? 'This size is out of stock'
    : `Only ${stock} of this size ${stock === 1 ? 'is' : 'are'} in stock`;
}

export const MAX_QUANTITY_MESSAGE = `At most ${MAX_CART_QUANTITY} of one item per order`;

/**
 * Why a cart line may not hold `quantity` pieces of a size with `stock` left, or null when it
 * may: never more than the stock, never more than MAX_CART_QUANTITY.
 */
export function cartQuantityRefusal(quantity: number, stock: number): string | null {
  if (quantity > stock) return stockMessage(stock);
  if (quantity > MAX_CART_QUANTITY) return MAX_QUANTITY_MESSAGE;
  return null;
}

/**
 * The nearest quantity a line may hold: at least 1, at most MAX_CART_QUANTITY and, when the
 * size's stock is known, at most the stock (a sold-out line keeps 1 so it can be seen and removed).
 */
export function capCartQuantity(quantity: number, stock?: number): number {
  const limit = Math.min(MAX_CART_QUANTITY, Math.max(1, stock ?? MAX_CART_QUANTITY));
  if (!Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.min(limit, Math.floor(quantity)));
}
