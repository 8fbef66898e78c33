export * from './shared/errors';
export * from './shared/ids';
export * from './shared/deps';
export * from './catalog/product-view';
export * from './catalog/list-products';
export * from './catalog/get-product';
export * from './queues/names';
export * from './queues/redis';
