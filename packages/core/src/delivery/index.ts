export * from './pin-directory';
export * from './zones';
export * from './deliver-by';
export * from './delivery-rules';
export * from './delivery-promise';
export * from './check-delivery-address';
