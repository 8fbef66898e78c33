export * from './cart-view';
export * from './add-to-cart';
export * from './update-cart-item';
export * from './remove-cart-item';
export * from './merge-cart';
export { CART_TOTAL_MESSAGE, MAX_CART_TOTAL } from './cart-total';
export * from './remove-bought';
export * from './cart-total';
