export * from './payment-return';
export * from './move-order-as-admin';
