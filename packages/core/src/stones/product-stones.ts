import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { disclosureProblem, hallmarkOfPurity, type ProductInput } from '@kanak/shared';
import { badRequest, conflict } from '../common/errors';

/**
 * A product's hallmark mark and stones as a save leaves them. The disclosure rule is checked
 * against the stones the product will have (those sent, else those it has): a title or
 * description saying "diamond" beside laboratory-grown diamonds is a 400 naming the rule.
 * A certificate (lab, number) belongs to one stone in the shop: another's is a 409.
 */
export async function saveHallmarkAndStones(
  trx: Transaction<Database>,
  productId: string,
  input: ProductInput,
  creating: boolean,
): Promise<void> {
  // A metal-priced piece's mark is its priced purity's (issue 32; migration 021's trigger keeps
  // it so whatever writes the row); a fixed-priced gold piece states its purity as its mark.
  const metal = input.pricing?.basis === 'metal' ? input.pricing : null;
  if (metal || input.hallmark !== undefined || creating)
    await trx
      .updateTable('products')
      .set({
        hallmark: metal ? hallmarkOfPurity(metal.metal, metal.purity) : (input.hallmark ?? null),
      })
      .where('id', '=', productId)
      .execute();
  const stones =
    input.stones ??
    (await trx
      .selectFrom('product_stones')
      .select(['kind', 'origin'])
      .where('product_id', '=', productId)
      .execute());
  const problem = disclosureProblem({
    title: input.title,
    description: input.description,
    stones,
  });
  if (problem) throw badRequest(problem);
  if (!input.stones) return;
  const certs = input.stones.flatMap((s) => (s.certificate ? [s.certificate] : []));
  const key = (c: { lab: string; number: string }) => `${c.lab}/${c.number.toUpperCase()}`;
  const repeated = certs.find((c, i) => certs.findIndex((d) => key(d) === key(c)) !== i);
  if (repeated)
    throw badRequest(`Certificate ${repeated.lab} ${repeated.number} is given for two stones`);
  for (const c of certs) {
    const other = await trx
      .selectFrom('product_stones')
      .innerJoin('products', 'products.id', 'product_stones.product_id')
      .select(['products.id', 'products.title'])
      .where('product_stones.cert_lab', '=', c.lab)
      .where((eb) =>
        eb(eb.fn('upper', ['product_stones.cert_number']), '=', c.number.toUpperCase()),
      )
      .where('product_stones.product_id', '!=', productId)
      .executeTakeFirst();
    if (other) throw certificateTaken(c, other);
  }
  await trx.deleteFrom('product_stones').where('product_id', '=', productId).execute();
  if (input.stones.length === 0) return;
  try {
    await trx
      .insertInto('product_stones')
      .values(
        input.stones.map((s, position) => ({
          product_id: productId,
          position,
          kind: s.kind,
          origin: s.origin,
          count: s.count,
          carat: s.carat,
          colour: s.colour || null,
          clarity: s.clarity || null,
          cut: s.cut || null,
          cert_lab: s.certificate?.lab ?? null,
          cert_number: s.certificate?.number ?? null,
          cert_url: s.certificate?.url || null,
        })),
      )
      .execute();
  } catch (error) {
    // Another product's save took the certificate between our look and our insert.
    if ((error as { code?: string }).code === '23505')
      throw conflict('A certificate (lab and number) is already recorded on another product');
    throw error;
  }
}

const certificateTaken = (
  c: { lab: string; number: string },
  product: { id: string; title: string },
) =>
  conflict(
    `Certificate ${c.lab} ${c.number} is already recorded on "${product.title}" (${product.id}): a certificate belongs to one stone`,
    { productId: product.id },
  );
