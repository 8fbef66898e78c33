import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchProducts } from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';

// Migration 017: the search vector is kept by a trigger on the text columns, not recomputed by
// every UPDATE (repricing writes prices only).
describe('products.search_vector', () => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const vectorOf = async (id: string) =>
    (
      await sql<{
        v: string;
      }>`SELECT search_vector::text AS v FROM products WHERE id = ${id}`.execute(db())
    ).rows[0]!.v;

  it('follows a title edit and stays put on a price change', async () => {
    const { id } = await db()
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('products')
      .set({ title: 'Zephyrine Lotus Ring' })
      .where('id', '=', id)
      .execute();
    expect(await vectorOf(id)).toContain("'zephyrin':1A");
    expect((await searchProducts(db(), 'zephyrine', 5)).content.map((p) => p._id)).toEqual([id]);
    const before = await vectorOf(id);
    await db()
      .updateTable('products')
      .set((eb) => ({
        price: eb('price', '+', 1),
        discounted_price: eb('discounted_price', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
    expect(await vectorOf(id)).toBe(before);
    // Exactly what the generated column computed before migration 017.
    const same = await sql<{ same: boolean }>`SELECT search_vector = (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(type, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(collection_name, '') || ' ' || coalesce(occasion, '') || ' ' || coalesce(color, '')), 'C') ||
        setweight(to_tsvector('english', coalesce(description, '')), 'D')) AS same
      FROM products`.execute(db());
    expect(same.rows.every((r) => r.same)).toBe(true);
  });
});
