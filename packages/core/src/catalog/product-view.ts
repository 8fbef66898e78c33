import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { PREPARED, type Database, type ProductRow } from '@kanak/db';
import { averageRating, openingSize, percentOff, stoneName } from '@kanak/shared';
import type { ProductView, ReviewView, RatingView } from '@kanak/shared';
import { boughtBy } from './bought-by';
import { PRICING_COLUMNS, pricingOf, sizeBreakup } from '../pricing';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { ProductView, ReviewView, RatingView };

type ProductCore = Omit<ProductRow, 'search_vector' | 'category_name'>;

/**
 * Images, sizes, category names, reviews and ratings of a set of products in one statement (JSON
 * aggregated per product), so a page of products costs this and the query that chose them.
 */
function partsQuery(db: Kysely<Database>) {
  // The rate the stored prices used (metal_rates): each size's breakup is made from it.
  return db
    .selectFrom('products')
    .leftJoin('categories as c3', 'c3.id', 'products.category_id')
    .leftJoin('categories as c2', 'c2.id', 'c3.parent_id')
    .leftJoin('categories as c1', 'c1.id', 'c2.parent_id')
    .leftJoin('metal_rates as mr', 'mr.id', 'products.metal_rate_id')
    .select(['products.id', 'c3.name as third', 'c2.name as second', 'c1.name as top'])
    .select(['mr.rate_paise', 'mr.published_at as rate_published_at'])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('product_images as i')
          .select('i.url')
          .whereRef('i.product_id', '=', 'products.id')
          .orderBy('i.position'),
      ).as('images'),
      jsonArrayFrom(
        eb
          .selectFrom('product_sizes as s')
          .select([
            's.sku',
            's.weight',
            's.size',
            's.stock',
            's.net_weight',
            's.price',
            's.discounted_price',
          ])
          .whereRef('s.product_id', '=', 'products.id')
          .orderBy('s.position'),
      ).as('sizes'),
      jsonArrayFrom(
        eb
          .selectFrom('reviews as rv')
          .innerJoin('users as u', 'u.id', 'rv.user_id')
          .select(['rv.id', 'rv.review', 'rv.created_at', 'u.id as user_id', 'u.first_name'])
          .select(boughtBy('rv.user_id', 'rv.product_id').as('verified_buyer'))
          .whereRef('rv.product_id', '=', 'products.id')
          .orderBy('rv.created_at', 'desc'),
      ).as('reviews'),
      jsonArrayFrom(
        eb
          .selectFrom('ratings as rt')
          .innerJoin('users as u', 'u.id', 'rt.user_id')
          .select(['rt.id', 'rt.rating', 'rt.created_at', 'u.id as user_id', 'u.first_name'])
          .whereRef('rt.product_id', '=', 'products.id'),
      ).as('ratings'),
      jsonArrayFrom(
        eb
          .selectFrom('product_stones as st')
          .select([
            'st.kind',
            'st.origin',
            'st.count',
            'st.carat',
            'st.colour',
            'st.clarity',
            'st.cut',
            'st.cert_lab',
            'st.cert_number',
            'st.cert_url',
          ])
          .whereRef('st.product_id', '=', 'products.id')
          .orderBy('st.position'),
        // Not 'stones': the product's own column of that name is read beside it (productWithParts).
      ).as('stone_list'),
    ]);
}

/**
 * One text per form, whatever the ids, so each is prepared once: a product page's single id
 * (planned generically after five runs), or a page's ids as one array (`= any($1)`, not
 * `in ($1, …, $n)`; PostgreSQL goes on planning that one for its array, but parses it once).
 */
const idsAre = (ids: string[]) =>
  ids.length === 1
    ? sql<boolean>`products.id = ${ids[0]}`
    : sql<boolean>`products.id = any(${ids}::uuid[])`;

function viewParts(db: Kysely<Database>, ids: string[]) {
  return partsQuery(db).where(idsAre(ids)).modifyEnd(PREPARED).execute();
}

/** A product page's product and its parts in ONE statement (one round trip, one prepared text). */
export function productWithParts(db: Kysely<Database>, id: string) {
  return partsQuery(db)
    .select([...PRODUCT_COLUMNS])
    .where(idsAre([id]))
    .modifyEnd(PREPARED)
    .executeTakeFirst();
}

type ViewParts = Awaited<ReturnType<typeof viewParts>>[number];

/** Product rows as clients read them, in the order given. */
export async function toProductViews(
  db: Kysely<Database>,
  rows: ProductCore[],
): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const partsBy = new Map(
    (await viewParts(db, [...new Set(rows.map((r) => r.id))])).map((p) => [p.id, p]),
  );

  return rows.map((row) => viewOf(row, partsBy.get(row.id)));
}

/** One product as clients read it, from its row and its parts. */
export function viewOf(row: ProductCore, parts: ViewParts | undefined): ProductView {
  const productReviews = parts?.reviews ?? [];
  const productRatings = parts?.ratings ?? [];
  // Ratings are paired with reviews by position (spec section 3): order them by the same user.
  const byUser = new Map(productRatings.map((r) => [r.user_id, r]));
  const reviewers = new Set(productReviews.map((rv) => rv.user_id));
  const paired = [
    ...productReviews.map((rv) => byUser.get(rv.user_id)).filter((r) => r !== undefined),
    ...productRatings.filter((r) => !reviewers.has(r.user_id)),
  ];
  const values = paired.map((r) => Number(r.rating));
  const pricing = pricingOf(row);
  const rate =
    parts?.rate_paise != null && parts.rate_published_at != null
      ? { rate_paise: parts.rate_paise, published_at: parts.rate_published_at }
      : null;
  const sizes = (parts?.sizes ?? []).map((s) => {
    const breakup = sizeBreakup(pricing, rate, s.net_weight);
    const { price: _price, ...priceBreakup } = breakup ?? { price: 0 };
    return {
      sku: s.sku,
      weight: s.weight,
      size: s.size,
      stock: s.stock,
      netWeight: s.net_weight === null ? null : Number(s.net_weight),
      price: s.price ?? row.price,
      discountedPrice: s.discounted_price ?? row.discounted_price,
      priceBreakup: breakup ? (priceBreakup as Omit<typeof breakup, 'price'>) : null,
    };
  });
  const opening = openingSize(sizes);
  return {
    _id: row.id,
    sku: row.sku,
    status: row.status,
    title: row.title,
    brand: row.brand,
    color: row.color,
    // A card and its page agree: the product's prices are those of the size the page opens on.
    price: opening?.price ?? row.price,
    discountedPrice: opening?.discountedPrice ?? row.discounted_price,
    discountPercent: opening
      ? percentOff(opening.price, opening.discountedPrice)
      : row.discount_percent,
    description: row.description,
    details: row.details,
    occasion: row.occasion,
    quantity: row.quantity,
    collectionName: row.collection_name,
    type: row.type,
    imageUrls: withHoverImage((parts?.images ?? []).map((i) => ({ imageUrl: i.url }))),
    sizes,
    pricing,
    category: { name: parts?.third ?? '' },
    topLevelCategory: parts?.top ?? '',
    secondLevelCategory: parts?.second ?? '',
    thirdLevelCategory: parts?.third ?? '',
    reviews: productReviews.map((rv) => ({
      _id: rv.id,
      review: rv.review,
      createdAt: new Date(rv.created_at).toISOString(),
      user: { _id: rv.user_id, firstName: rv.first_name },
      product: row.id,
      verifiedBuyer: rv.verified_buyer,
    })),
    ratings: paired.map((r) => ({
      _id: r.id,
      rating: Number(r.rating),
      createdAt: new Date(r.created_at).toISOString(),
      user: { _id: r.user_id, firstName: r.first_name },
      product: row.id,
    })),
    numRatings: values.length,
    averageRating: averageRating(values.map((rating) => ({ rating, count: 1 }))),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    hallmark: row.hallmark ?? null,
    stones: (parts?.stone_list ?? []).map((st) => ({
      kind: st.kind,
      name: stoneName(st),
      origin: st.origin,
      count: st.count,
      carat: Number(st.carat),
      colour: st.colour,
      clarity: st.clarity,
      cut: st.cut,
      certificate:
        st.cert_lab && st.cert_number
          ? { lab: st.cert_lab, number: st.cert_number, url: st.cert_url }
          : null,
    })),
  };
}

/**
 * Clients show the second image on hover (design.md contracts: at least two imageUrls); a product
 * saved with a single image repeats it rather than leaving the hover blank.
 */
function withHoverImage(images: { imageUrl: string }[]): { imageUrl: string }[] {
  return images.length === 1 ? [images[0]!, images[0]!] : images;
}

export const PRODUCT_COLUMNS = [
  'products.id',
  'products.title',
  'products.brand',
  'products.color',
  'products.price',
  'products.discounted_price',
  'products.discount_percent',
  'products.description',
  'products.details',
  'products.occasion',
  'products.quantity',
  'products.collection_name',
  'products.type',
  'products.category_id',
  'products.created_at',
  'products.updated_at',
  ...PRICING_COLUMNS,
  'products.hallmark',
  'products.sku',
  'products.status',
] as const;
