export * from './schema';
export * from './connection';
export * from './migrate';
export { seedCatalogue, seedAccounts, seedBulkProducts, SEED_ACCOUNTS } from './seed/seed';
export * from './password-hash';
