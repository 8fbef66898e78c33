import { describe, expect, it } from 'vitest';
import type { ProductView } from '@kanak/shared';
import { asJsonLd, productStructuredData } from './structured-data';

const product = {
  _id: 'p1',
  title: 'Rose </script> Ring',
  brand: 'Kanak',
  description: 'A ring.',
  color: 'rose',
  discountedPrice: 12500,
  category: { name: 'ring' },
  imageUrls: [{ imageUrl: '/media/art/a.svg' }, { imageUrl: 'https://cdn.example/b.png' }],
  sizes: [
    { weight: '2 g', size: '12', stock: 0 },
    { weight: '3 g', size: '14', stock: 2 },
  ],
  numRatings: 3,
  averageRating: 4.3,
} as unknown as ProductView;

describe('product structured data', () => {
  it('describes the offer in rupees with its availability and rating', () => {
    const data = productStructuredData(product, 'https://shop.example');
    expect(data.offers).toMatchObject({
      priceCurrency: 'INR',
      price: 12500,
      availability: 'https://schema.org/InStock',
      url: 'https://shop.example/product/p1',
    });
    expect(data.image).toEqual([
      'https://shop.example/media/art/a.svg',
      'https://cdn.example/b.png',
    ]);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.3, ratingCount: 3 });
  });

  it('says out of stock when no size has stock, and leaves the rating out when there is none', () => {
    const data = productStructuredData(
      { ...product, sizes: [{ weight: '2 g', size: '12', stock: 0 }], numRatings: 0 },
      'https://shop.example',
    );
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
    expect('aggregateRating' in data).toBe(false);
  });

  it('cannot close its script tag', () => {
    const json = asJsonLd(productStructuredData(product, 'https://shop.example'));
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('Rose </script> Ring');
  });
});
