import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '@kanak/db';
import { averageRating } from '@kanak/shared';
import type { ProductView, ReviewView, RatingView } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { ProductView, ReviewView, RatingView };

type ProductCore = Omit<ProductRow, 'search_vector'>;

/** Loads images, sizes, categories, reviews and ratings for a set of products in five queries. */
export async function toProductViews(
  db: Kysely<Database>,
  rows: ProductCore[],
): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, sizes, categories, reviews, ratings] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['product_id', 'url'])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_sizes')
      .select(['product_id', 'weight', 'size', 'stock'])
      .where('product_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('categories as c3')
      .innerJoin('categories as c2', 'c2.id', 'c3.parent_id')
      .innerJoin('categories as c1', 'c1.id', 'c2.parent_id')
      .select(['c3.id', 'c3.name as third', 'c2.name as second', 'c1.name as top'])
      .where('c3.id', 'in', [...new Set(rows.map((r) => r.category_id))])
      .execute(),
    db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.user_id')
      .select([
        'reviews.id',
        'reviews.product_id',
        'reviews.review',
        'reviews.created_at',
        'users.id as user_id',
        'users.first_name',
      ])
      .where('reviews.product_id', 'in', ids)
      .orderBy('reviews.created_at', 'desc')
      .execute(),
    db
      .selectFrom('ratings')
      .innerJoin('users', 'users.id', 'ratings.user_id')
      .select([
        'ratings.id',
        'ratings.product_id',
        'ratings.rating',
        'ratings.created_at',
        'users.id as user_id',
        'users.first_name',
      ])
      .where('ratings.product_id', 'in', ids)
      .execute(),
  ]);
  const group = <T extends { product_id: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(item.product_id, [...(map.get(item.product_id) ?? []), item]);
    return map;
  };
  const imagesBy = group(images);
  const sizesBy = group(sizes);
  const reviewsBy = group(reviews);
  const ratingsBy = group(ratings);
  const categoryBy = new Map(categories.map((c) => [c.id, c]));

  return rows.map((row) => {
    const category = categoryBy.get(row.category_id);
    const productReviews = reviewsBy.get(row.id) ?? [];
    // Ratings are paired with reviews by position (spec section 3): order them by the same user.
    const byUser = new Map((ratingsBy.get(row.id) ?? []).map((r) => [r.user_id, r]));
    const paired = [
      ...productReviews.map((rv) => byUser.get(rv.user_id)).filter((r) => r !== undefined),
      ...(ratingsBy.get(row.id) ?? []).filter(
        (r) => !productReviews.some((rv) => rv.user_id === r.user_id),
      ),
    ];
    const values = paired.map((r) => Number(r.rating));
    return {
      _id: row.id,
      title: row.title,
      brand: row.brand,
      color: row.color,
      price: row.price,
      discountedPrice: row.discounted_price,
      discountPercent: row.discount_percent,
      description: row.description,
      details: row.details,
      occasion: row.occasion,
      quantity: row.quantity,
      collectionName: row.collection_name,
      type: row.type,
      imageUrls: withHoverImage((imagesBy.get(row.id) ?? []).map((i) => ({ imageUrl: i.url }))),
      sizes: (sizesBy.get(row.id) ?? []).map((s) => ({
        weight: s.weight,
        size: s.size,
        stock: s.stock,
      })),
      category: { name: category?.third ?? '' },
      topLevelCategory: category?.top ?? '',
      secondLevelCategory: category?.second ?? '',
      thirdLevelCategory: category?.third ?? '',
      reviews: productReviews.map((rv) => ({
        _id: rv.id,
        review: rv.review,
        createdAt: new Date(rv.created_at).toISOString(),
        user: { _id: rv.user_id, firstName: rv.first_name },
        product: row.id,
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
    };
  });
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
] as const;
