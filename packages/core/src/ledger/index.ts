export * from './requote-order';
export * from './order-ledger';
export * from './stock';
export * from './place-paid-orders';
export * from './remove-order';
