// `@kanak/core/seed`: the demo shop, for the seed and migrate commands, the test template and the
// benchmarks (its own entry, so the server's bundle does not carry the seed catalogue).
import type { Kysely } from 'kysely';
import { seedCatalogue, type Database } from '@kanak/db';
import { issueInvoice } from '../invoices';

/**
 * The demo catalogue, accounts, reviews and orders (db's seedCatalogue), with each paid order's
 * tax invoice numbered by issueInvoice, the function that invoices a real payment: a freshly
 * seeded shop's sales register, GSTR-1 and settlement are the real ones, and balance.
 */
export const seedDemoShop = (db: Kysely<Database>, count?: number): Promise<number> =>
  seedCatalogue(db, issueInvoice, count);
