import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct, listProducts, similarProducts } from '@kanak/core';
import { parseProductQuery, type RawProductQuery } from '@kanak/shared';
import { createDb, type Database } from '@kanak/db';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import type { Kysely } from 'kysely';

// A product page's statements run as named prepared statements (PREPARED): parsed once per
// connection and, after PostgreSQL's five custom plans, run on a generic plan without planning.
describe('prepared product-page statements', () => {
  let database: TestDatabase;
  // One connection, so the session that prepared the statements is the one asked about them.
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url, 1);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const preparedTexts = async () =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%/* prepared */'`.execute(
        db,
      )
    ).rows[0]!.n;

  it('reads the product with its parts in one statement, prepared once per connection and no longer planned', async () => {
    const ids = (await db.selectFrom('products').select('id').orderBy('id').limit(8).execute()).map(
      (r) => r.id,
    );
    const views = [];
    for (const id of ids) views.push(await getProduct(db, id));
    expect(views.map((v) => v._id)).toEqual(ids);
    const prepared = (
      await sql<{
        name: string;
        statement: string;
        generic_plans: number;
        custom_plans: number;
      }>`SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(
        db,
      )
    ).rows.filter((p) => p.statement.endsWith('/* prepared */'));
    // The product row with its parts: one text (one round trip), whatever the product.
    expect(prepared).toHaveLength(1);
    for (const statement of prepared) {
      expect(statement.name).toMatch(/^k[0-9a-f]{24}$/);
      expect(statement.custom_plans + statement.generic_plans).toBe(ids.length);
      expect(statement.generic_plans).toBeGreaterThan(0);
    }
  });

  it('reads the parts of several products with one text, whatever their number', async () => {
    const before = await preparedTexts();
    const [first, second] = await db.selectFrom('products').select('id').limit(2).execute();
    const three = await similarProducts(db, first!.id, 3);
    const five = await similarProducts(db, second!.id, 5);
    expect([three.length, five.length]).toEqual([3, 5]);
    expect((await preparedTexts()) - before).toBe(1);
  });

  it('reads a listing page with one text per set of filters, whatever their values', async () => {
    const page = (query: RawProductQuery) => listProducts(db, parseProductQuery(query));
    const before = await preparedTexts();
    const one = await page({ color: ['rose'] });
    const three = await page({ color: ['rose', 'white', 'yellow'], pageNumber: 2 });
    expect(one.content.every((p) => p.color === 'rose')).toBe(true);
    expect(three.content.every((p) => ['rose', 'white', 'yellow'].includes(p.color))).toBe(true);
    // The listing's rows and the parts of its page: the parts text may be there already.
    const added = (await preparedTexts()) - before;
    expect(added).toBeGreaterThanOrEqual(1);
    expect(added).toBeLessThanOrEqual(2);
    await page({ color: ['white'], sort: 'high_to_low' });
    expect((await preparedTexts()) - before).toBe(added + 1);
  });

  it('sends them unnamed with DB_PREPARED_STATEMENTS off (a pooler in transaction mode)', async () => {
    const unnamed = createDb(database.url, { poolSize: 1, preparedStatements: false });
    try {
      const { id } = await unnamed.selectFrom('products').select('id').executeTakeFirstOrThrow();
      expect((await getProduct(unnamed, id))._id).toBe(id);
      const kept = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(unnamed);
      expect(kept.rows[0]!.n).toBe(0);
    } finally {
      await unnamed.destroy();
    }
  });
});
