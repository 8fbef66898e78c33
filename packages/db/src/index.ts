export * from './schema';
export * from './connection';
export * from './migrate';
export { seedCatalogue, seedAccounts, seedBulkProducts, SEED_ACCOUNTS } from './seed/seed';
export { renderJewelArt, parseArtName, artUrl, ART_SHAPES, ART_FINISHES } from './seed/art';
export * from './password-hash';
