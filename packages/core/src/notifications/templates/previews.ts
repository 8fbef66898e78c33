// Every template, for scripts/preview-mails.ts.
export * from './order-mails';
export * from './account-mails';
export { render } from '@react-email/render';
export * from './scheme-mails';
