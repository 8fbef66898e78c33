export type { WishItemView, WishlistView } from './wish-items';
export * from './get-wishlist';
export * from './add-to-wishlist';
export * from './remove-from-wishlist';
export * from './wishlist-product-ids';
