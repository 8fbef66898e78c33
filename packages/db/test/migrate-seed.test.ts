import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@kanak/db';
import { seedDemoShop } from '@kanak/core/seed';
import {
  COLORS,
  COLLECTIONS,
  METALS,
  OCCASIONS,
  SECOND_LEVEL_CATEGORIES,
  THIRD_LEVEL_CATEGORIES,
} from '@kanak/shared';
import { databaseUrl } from '@kanak/testkit';

const url = databaseUrl(`kanak_t_migrate_${process.pid}`);

describe('migrate and seed on a fresh database', () => {
  const db = createDb(url, 3);
  afterAll(async () => {
    await db.destroy();
    await dropDatabase(url);
  });

  it('creates the schema and seeds a catalogue covering every option list', async () => {
    await dropDatabase(url);
    await ensureDatabase(url);
    expect(await migrateToLatest(db)).toEqual(
      expect.arrayContaining(['001_initial', '004_customer_removal']),
    );
    expect(await seedDemoShop(db)).toBeGreaterThanOrEqual(300);

    const distinct = async (column: 'type' | 'color' | 'occasion' | 'collection_name') =>
      (await db.selectFrom('products').select(column).distinct().execute()).map((r) => r[column]);
    expect(new Set(await distinct('type'))).toEqual(new Set(METALS));
    expect(new Set(await distinct('color'))).toEqual(new Set(COLORS));
    expect(new Set(await distinct('occasion'))).toEqual(new Set(OCCASIONS));
    expect(await distinct('collection_name')).toEqual(expect.arrayContaining([...COLLECTIONS]));

    const levels = await db.selectFrom('categories').select(['name', 'level']).execute();
    const names = (level: number) =>
      new Set(levels.filter((l) => l.level === level).map((l) => l.name));
    expect(names(2)).toEqual(new Set(SECOND_LEVEL_CATEGORIES));
    expect(names(3)).toEqual(new Set(THIRD_LEVEL_CATEGORIES));

    const poor = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products p
      WHERE (SELECT count(*) FROM product_images i WHERE i.product_id = p.id) < 2
         OR (SELECT count(*) FROM product_sizes s WHERE s.product_id = p.id) < 2`.execute(db);
    expect(poor.rows[0]!.n).toBe(0);
    const admins = await db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'ADMIN')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('changes nothing on a second run', async () => {
    const count = async (table: 'products' | 'users' | 'orders' | 'reviews') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await Promise.all([
      count('products'),
      count('users'),
      count('orders'),
      count('reviews'),
    ]);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await seedDemoShop(db)).toBe(0);
    expect(
      await Promise.all([count('products'), count('users'), count('orders'), count('reviews')]),
    ).toEqual(before);
  });
});
