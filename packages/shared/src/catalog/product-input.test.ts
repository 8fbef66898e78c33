import { describe, expect, it } from 'vitest';
import { productInput } from './product-input';

const valid = {
  imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
  title: 'Lotus Gold Ring',
  brand: 'Kanak',
  color: 'yellow',
  price: '25000',
  discountedPrice: 20000,
  discountPercent: 20,
  description: 'A ring',
  details: 'Details',
  occasion: 'casual',
  quantity: 1,
  collectionName: 'Kanak',
  type: 'gold',
  sizes: [{ weight: '5', size: '16', stock: '3' }],
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
};

describe('productInput', () => {
  it('normalises numbers and size rows', () => {
    const product = productInput.parse(valid);
    expect(product.price).toBe(25000);
    expect(product.sizes).toEqual([{ weight: '5 g', size: '16 MM', stock: 3 }]);
  });
  it('refuses option values outside the lists, a discounted price above the price and a missing weight', () => {
    const result = productInput.safeParse({
      ...valid,
      color: 'purple',
      discountedPrice: 30000,
      sizes: [{ weight: '', stock: 1 }],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message).join(' | ');
    expect(messages).toContain('Color must be one of');
    expect(messages).toContain('Weight is required');
  });
  it('accepts the brand as a collection and refuses an unknown one', () => {
    expect(productInput.safeParse({ ...valid, collectionName: 'kanak' }).success).toBe(true);
    expect(productInput.safeParse({ ...valid, collectionName: 'random' }).success).toBe(false);
  });
});
