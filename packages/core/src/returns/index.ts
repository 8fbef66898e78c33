export * from './return-window';
export * from './return-views';
export * from './request-return';
export * from './return-eligibility';
export * from './returns-summary';
// The steps the return flows (move, refund, transfer) take: moveReturn and refundReturn cross
// invoices, refunds and store credit, so they live in flows/.
export * from './huid-check';
export * from './return-log';
export * from './return-pickup';
export * from './return-stock';
