/**
 * What a production start refuses to go without, set for the bench's processes (they run with
 * NODE_ENV=production, as a shop does): mail off on purpose (nothing is mailed in a bench), a
 * well-formed test GSTIN for Karnataka instead of the development sample.
 */
export const BENCH_PRODUCTION_ENV = {
  MAIL_DISABLED: 'true',
  SELLER_GSTIN: '29ABCDE1234F1ZW',
} as const;

export { PRODUCTION_MEMORY_ENV } from '../scripts/production-memory';
