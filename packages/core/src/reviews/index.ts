export * from './create-review';
export * from './create-rating';
export * from './reviews-by-product';
export * from './ratings-by-product';
export * from './verified-buyer';
