import { describe, expect, it } from 'vitest';
import { productInput } from '@kanak/shared';
import { withPreconditions } from './edit-preconditions';

describe('withPreconditions', () => {
  it("adds the loaded updatedAt and each kept weight's loaded stock; new weights carry none", () => {
    const input = productInput.parse({
      imageUrls: [{ imageUrl: '/uploads/a.png' }],
      title: 'Aurora Ring',
      brand: 'Kanak',
      color: 'yellow',
      price: 1000,
      discountedPrice: 900,
      description: 'A band.',
      details: '18K gold.',
      occasion: 'casual',
      quantity: 1,
      collectionName: 'Kanak',
      type: 'gold',
      sizes: [
        { weight: '5', size: '16', stock: 5 },
        { weight: '8', size: '', stock: 1 },
      ],
      topLevelCategory: 'gold',
      secondLevelCategory: 'rings',
      thirdLevelCategory: 'ring',
    });
    const sent = withPreconditions(input, {
      updatedAt: '2026-01-02T03:04:05.678Z',
      sizes: [
        { weight: '5 g', size: '16 MM', stock: 2 },
        { weight: '6 g', size: '17 MM', stock: 4 },
      ],
    });
    expect(sent.loadedUpdatedAt).toBe('2026-01-02T03:04:05.678Z');
    expect(sent.sizes).toEqual([
      { weight: '5 g', size: '16 MM', stock: 5, loadedStock: 2 },
      { weight: '8 g', size: '', stock: 1 },
    ]);
    expect(productInput.parse(sent)).toEqual(sent);
  });
});
