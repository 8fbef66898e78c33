export * from './order-tenders';
