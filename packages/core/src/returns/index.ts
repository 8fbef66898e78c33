export * from './return-window';
export * from './return-views';
export * from './request-return';
export * from './return-eligibility';
export * from './returns-summary';
export * from './move-return';
export * from './return-transfer';
