import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { disclosureProblem, hallmarkOfPurity, type ProductInput } from '@kanak/shared';
import { badRequest, conflict } from '../common';

type StonesInput = NonNullable<ProductInput['stones']>;

/**
 * The mark a save leaves on the product: a metal-priced piece's is its priced
 * purity's (migration 021's trigger keeps it so whatever writes the row); a fixed-priced gold
 * piece states its purity as its mark.
 */
export function hallmarkOf(input: ProductInput): string | null {
  const metal = input.pricing?.basis === 'metal' ? input.pricing : null;
  return metal ? hallmarkOfPurity(metal.metal, metal.purity) : (input.hallmark ?? null);
}

/**
 * The disclosure rule, checked against the stones the product will have (`stones`): a title or
 * description saying "diamond" beside laboratory-grown diamonds is a 400 naming the rule; and
 * one certificate given for two of its stones.
 */
function refuseStoneProblems(
  input: ProductInput,
  stones: Parameters<typeof disclosureProblem>[0]['stones'],
) {
  const problem = disclosureProblem({ title: input.title, description: input.description, stones });
  if (problem) throw badRequest(problem);
  const certs = (input.stones ?? []).flatMap((s) => (s.certificate ? [s.certificate] : []));
  const repeated = certs.find((c, i) => certs.findIndex((d) => certKey(d) === certKey(c)) !== i);
  if (repeated)
    throw badRequest(`Certificate ${repeated.lab} ${repeated.number} is given for two stones`);
}

const certKey = (c: { lab: string; number: string }) => `${c.lab}/${c.number.toUpperCase()}`;

/**
 * A certificate (lab, number) belongs to one stone in the shop: one recorded on a product other
 * than the one sent with it is a 409 naming that product. One query for all the products saved.
 */
async function refuseTakenCertificates(
  trx: Transaction<Database>,
  products: readonly { id: string; stones: StonesInput }[],
) {
  const owner = new Map<string, string>();
  for (const p of products)
    for (const s of p.stones) if (s.certificate) owner.set(certKey(s.certificate), p.id);
  if (owner.size === 0) return;
  const numbers = [...new Set([...owner.keys()].map((k) => k.slice(k.indexOf('/') + 1)))];
  const held = await trx
    .selectFrom('product_stones')
    .innerJoin('products', 'products.id', 'product_stones.product_id')
    .select([
      'products.id',
      'products.title',
      'product_stones.cert_lab',
      'product_stones.cert_number',
    ])
    .where((eb) => eb(eb.fn('upper', ['product_stones.cert_number']), 'in', numbers))
    .execute();
  for (const h of held) {
    if (!h.cert_lab || !h.cert_number) continue;
    const cert = { lab: h.cert_lab, number: h.cert_number };
    const ours = owner.get(certKey(cert));
    if (ours !== undefined && ours !== h.id) throw certificateTaken(cert, h);
  }
}

const stoneRows = (productId: string, stones: StonesInput) =>
  stones.map((s, position) => ({
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
  }));

async function insertStones(
  trx: Transaction<Database>,
  rows: ReturnType<typeof stoneRows>,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    await trx.insertInto('product_stones').values(rows).execute();
  } catch (error) {
    // Another product's save (or another product of this batch) holds the certificate.
    if ((error as { code?: string }).code === '23505')
      throw conflict('A certificate (lab and number) is already recorded on another product');
    throw error;
  }
}

/**
 * Products' stones as their saves leave them (their mark is written with the product row,
 * hallmarkOf): the stone rules above against the stones each will have (those sent, else those
 * it has), then the stones sent replacing the stored ones, with one query, one delete and one
 * insert for all of them. `creating`: the products are new (nothing stored to read or delete).
 */
export async function saveStones(
  trx: Transaction<Database>,
  saves: readonly { id: string; input: ProductInput }[],
  creating: boolean,
): Promise<void> {
  const keeping = creating ? [] : saves.filter((save) => !save.input.stones).map((s) => s.id);
  const stored =
    keeping.length > 0
      ? await trx
          .selectFrom('product_stones')
          .select(['product_id', 'kind', 'origin'])
          .where('product_id', 'in', keeping)
          .execute()
      : [];
  for (const save of saves)
    refuseStoneProblems(
      save.input,
      save.input.stones ?? stored.filter((s) => s.product_id === save.id),
    );
  const replacing = saves.flatMap((save) =>
    save.input.stones ? [{ id: save.id, stones: save.input.stones }] : [],
  );
  if (replacing.length === 0) return;
  await refuseTakenCertificates(trx, replacing);
  if (!creating)
    await trx
      .deleteFrom('product_stones')
      .where(
        'product_id',
        'in',
        replacing.map((r) => r.id),
      )
      .execute();
  await insertStones(
    trx,
    replacing.flatMap((r) => stoneRows(r.id, r.stones)),
  );
}

const certificateTaken = (
  c: { lab: string; number: string },
  product: { id: string; title: string },
) =>
  conflict(
    `Certificate ${c.lab} ${c.number} is already recorded on "${product.title}" (${product.id}): a certificate belongs to one stone`,
    { productId: product.id },
  );
