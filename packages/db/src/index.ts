export * from './schema';
export * from './connection';
export * from './migrate';
export {
  seedCatalogue,
  seedAccounts,
  seedBulkProducts,
  seedCopiedProducts,
  SEED_ACCOUNTS,
} from './seed/seed';
export {
  seedBulkCustomers,
  BULK_CUSTOMER_DOMAIN,
  BULK_CUSTOMER_PASSWORD,
} from './seed/bulk-customers';
export * from './password-hash';
export { SEED_RATES, seedRates } from './seed/rates';
