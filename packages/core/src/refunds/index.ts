export * from './refund-owed';
export * from './refund-job';
export * from './refund-payment';
export * from './process-refund';
export * from './settle-refunds';
export * from './refund-instalment';
export * from './my-refunds';
export * from './refund-mails';
