export * from './payment-return';
export * from './move-order-as-admin';
export * from './follow-ledger-entry';
export * from './apply-admin-move';
export * from './request-order-refund';
export * from './refund-return';
export * from './move-return';
export * from './pay-return-by-transfer';
