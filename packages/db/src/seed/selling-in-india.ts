import { sql, type Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { Database, ProductStonesTable } from '../schema';

/**
 * Hallmark marks, stones and certificates for the seed catalogue, deterministic so
 * every seeded database is alike: fixed-priced gold pieces carry 22K916 (every third 18K750),
 * metal-priced ones the mark of their priced purity (migration 021's trigger); diamond pieces
 * are set in 18K750 gold with a certified natural diamond, and four of them with
 * laboratory-grown diamonds, named so wherever they are shown; gemstone pieces carry a ruby,
 * emerald or sapphire.
 */
export async function seedSellingInIndia(trx: Transaction<Database>): Promise<void> {
  const products = await trx
    .selectFrom('products')
    .select(['id', 'type'])
    .where('type', 'in', ['gold', 'diamond', 'gemstone'])
    .orderBy('id')
    .execute();
  const stones: Insertable<ProductStonesTable>[] = [];
  const labGrown: string[] = [];
  products.forEach((p, i) => {
    if (p.type === 'gold') return;
    if (p.type === 'diamond') {
      const lab = i % 17 === 0 && labGrown.length < 4;
      if (lab) labGrown.push(p.id);
      stones.push({
        product_id: p.id,
        position: 0,
        kind: 'diamond',
        origin: lab ? 'laboratory-grown' : 'natural',
        count: 1 + (i % 12),
        carat: (0.1 + (i % 9) * 0.08).toFixed(2),
        colour: ['D', 'E', 'F', 'G', 'H'][i % 5]!,
        clarity: ['VVS1', 'VVS2', 'VS1', 'VS2', 'SI1'][i % 5]!,
        cut: ['Round brilliant', 'Princess', 'Oval', 'Pear'][i % 4]!,
        cert_lab: lab ? 'IGI' : i % 2 ? 'GIA' : 'IGI',
        cert_number: `${lab ? 'LG' : ''}${String(560_000_000 + i * 7919)}`,
        cert_url: null,
      });
      return;
    }
    stones.push({
      product_id: p.id,
      position: 0,
      kind: ['ruby', 'emerald', 'sapphire'][i % 3]!,
      origin: 'natural',
      count: 1 + (i % 3),
      carat: (0.5 + (i % 5) * 0.25).toFixed(2),
      colour: null,
      clarity: null,
      cut: ['Oval', 'Cushion', 'Round'][i % 3]!,
      cert_lab: i % 2 ? 'SGL' : null,
      cert_number: i % 2 ? `SGL${String(41_000 + i)}` : null,
      cert_url: null,
    });
  });
  // Fixed-priced gold states its purity once, as its mark: 22K916, every third 18K750. A
  // metal-priced piece's mark is its priced purity's, which migration 021's trigger writes.
  await trx
    .updateTable('products')
    .set({ hallmark: sql<string>`CASE WHEN type = 'diamond' THEN '18K750' ELSE '22K916' END` })
    .where('type', 'in', ['gold', 'diamond'])
    .where('pricing_basis', '=', 'fixed')
    .execute();
  const gold = products.filter((p) => p.type === 'gold');
  const eighteen = gold.filter((_, i) => i % 3 === 2).map((p) => p.id);
  if (eighteen.length)
    await trx
      .updateTable('products')
      .set({ hallmark: '18K750' })
      .where('id', 'in', eighteen)
      .where('pricing_basis', '=', 'fixed')
      .execute();
  if (stones.length) await trx.insertInto('product_stones').values(stones).execute();
  // The disclosure: a laboratory-grown diamond is never called just "diamond".
  if (labGrown.length)
    await trx
      .updateTable('products')
      .set({
        title: sql<string>`regexp_replace(title, 'Diamond', 'Laboratory-grown Diamond', 'g')`,
        description: sql<string>`regexp_replace(description, '([Dd])iamond', 'laboratory-grown \\1iamond', 'g')`,
      })
      .where('id', 'in', labGrown)
      .execute();
}
