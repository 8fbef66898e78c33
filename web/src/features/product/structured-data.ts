import type { ProductView } from '@kanak/shared';

/**
 * schema.org Product data for search engines: price in INR, availability from the sizes' stock,
 * and the rating when the piece has one.
 */
export function productStructuredData(product: ProductView, origin: string) {
  const inStock = product.sizes.some((s) => s.stock > 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.name,
    color: product.color,
    sku: product._id,
    image: product.imageUrls.map((i) => new URL(i.imageUrl, origin).toString()),
    offers: {
      '@type': 'Offer',
      url: `${origin}/product/${product._id}`,
      priceCurrency: 'INR',
      price: product.discountedPrice,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.numRatings > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.averageRating,
            ratingCount: product.numRatings,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export const asJsonLd = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
