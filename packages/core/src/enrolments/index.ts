export * from './enrolments';
export * from './instalment-payments';
export * from './schedule';
export * from './statement-pdf';
export * from './scheme-book';
export * from './receipts';
export * from './receipt-attachment';
