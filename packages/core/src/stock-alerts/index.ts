export * from './subscribe';
export * from './restock-mails';
