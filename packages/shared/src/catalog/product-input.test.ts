import { describe, expect, it } from 'vitest';
import { productInput } from './product-input';
import { UNSTORABLE_TEXT_MESSAGE } from '../validation/db-values';

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
  it('refuses a net weight above the piece, and a purity the shop does not price in', () => {
    const heavy = productInput.safeParse({
      ...valid,
      sizes: [{ weight: '5', size: '16', stock: 1, netWeight: 5.2 }],
    });
    expect(heavy.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sizes.0.netWeight', 'Net weight (5.2 g) cannot be more than the weight of the piece (5 g)'],
    ]);
    // Within the weight's 0.01 g rounding: fits.
    expect(
      productInput.safeParse({ ...valid, sizes: [{ weight: '5', stock: 1, netWeight: 5.004 }] })
        .success,
    ).toBe(true);
    const metal = {
      basis: 'metal',
      metal: 'gold',
      making: { kind: 'percent', value: 10 },
    };
    const purity = productInput.safeParse({
      ...valid,
      pricing: { ...metal, purity: '920' },
      sizes: [{ weight: '5', stock: 1, netWeight: 4 }],
    });
    expect(purity.error?.issues.map((i) => i.path.join('.'))).toEqual(['pricing.purity']);
    expect(
      productInput.safeParse({
        ...valid,
        pricing: { ...metal, purity: '22K' },
        sizes: [{ weight: '5', stock: 1, netWeight: 4 }],
      }).success,
    ).toBe(true);
  });
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
  it('refuses numbers an integer column cannot hold: 5e-324, fractions, 2^31 and beyond', () => {
    const message = (patch: Record<string, unknown>) => {
      const result = productInput.safeParse({ ...valid, ...patch });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(message({ price: 5e-324 })).toBe('Price must be a whole number');
    expect(message({ discountedPrice: 5e-324 })).toBe('Discounted Price must be a whole number');
    expect(message({ quantity: 1.5 })).toBe('Quantity must be a whole number');
    expect(message({ discountPercent: 2 ** 31 })).toBe('Discount Percentage must be at most 100');
    expect(message({ price: 2 ** 53 })).toBe('Price must be at most 100000000');
    expect(message({ sizes: [{ weight: '5', stock: 5e-324 }] })).toBe(
      'Stock must be a whole number',
    );
    // Precision is named, not rounded away to nothing.
    expect(message({ sizes: [{ weight: '0.001' }] })).toBe('Weight can have at most 2 decimals');
  });
  it('checks the bounds and precision of every decimal field (5e-324 once gave a 500)', () => {
    const metal = {
      ...valid,
      pricing: {
        basis: 'metal',
        metal: 'gold',
        purity: '22K',
        making: { kind: 'percent', value: 12 },
      },
      sizes: [{ weight: '5', netWeight: 4.2 }],
    };
    const issue = (patch: Record<string, unknown>) => {
      const result = productInput.safeParse({ ...metal, ...patch });
      return result.success
        ? null
        : {
            path: result.error.issues[0]!.path.join('.'),
            message: result.error.issues[0]!.message,
          };
    };
    expect(productInput.safeParse(metal).success).toBe(true);
    expect(issue({ sizes: [{ weight: '5', netWeight: 5e-324 }] })).toEqual({
      path: 'sizes.0.netWeight',
      message: 'Net weight must be at least 0.001',
    });
    expect(issue({ sizes: [{ weight: '5', netWeight: 1.0000001 }] })?.message).toBe(
      'Net weight can have at most 3 decimals',
    );
    expect(issue({ sizes: [{ weight: '5', netWeight: 1e308 }] })?.message).toBe(
      'Net weight must be at most 1000',
    );
    expect(issue({ sizes: [{ weight: '5', netWeight: 'NaN' }] })?.message).toBe(
      'Net weight must be a number',
    );
    expect(
      issue({ pricing: { ...metal.pricing, making: { kind: 'percent', value: 5e-324 } } }),
    ).toEqual({
      path: 'pricing.making.value',
      message: 'Making charge can have at most 2 decimals',
    });
    expect(
      issue({ stones: [{ kind: 'ruby', origin: 'natural', count: 1, carat: 0.12345 }] }),
    ).toEqual({ path: 'stones.0.carat', message: 'Total carat can have at most 3 decimals' });
    expect(issue({ sizes: [{ weight: '5', netWeight: 4.2, size: '-3' }] })?.path).toBe(
      'sizes.0.size',
    );
  });
  it("takes an SKU and a state; a metal-priced hallmark must be its purity's mark", () => {
    const product = productInput.parse({
      ...valid,
      sku: ' grin-001 ',
      status: 'draft',
      sizes: [{ weight: '5', sku: 'grin-001-5g' }],
    });
    expect(product).toMatchObject({ sku: 'GRIN-001', status: 'draft' });
    expect(product.sizes[0]!.sku).toBe('GRIN-001-5G');
    expect(productInput.safeParse({ ...valid, status: 'sold' }).success).toBe(false);
    expect(productInput.safeParse({ ...valid, sku: 'has space' }).success).toBe(false);
    const metal = {
      ...valid,
      pricing: {
        basis: 'metal',
        metal: 'gold',
        purity: '916',
        making: { kind: 'percent', value: 12 },
      },
      sizes: [{ weight: '5', netWeight: 4.2 }],
    };
    expect(productInput.safeParse({ ...metal, hallmark: '22K916' }).success).toBe(true);
    const wrong = productInput.safeParse({ ...metal, hallmark: '18K750' });
    expect(wrong.error?.issues[0]?.path).toEqual(['hallmark']);
  });
  it('refuses text PostgreSQL cannot store: a NUL or a lone surrogate, naming why', () => {
    for (const title of ['Lotus\u0000 Ring', '\u0000', 'Lotus \uD800Ring']) {
      const result = productInput.safeParse({ ...valid, title });
      expect(result.success, JSON.stringify(title)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
    expect(productInput.parse({ ...valid, title: 'Lotus 😀 Ring' }).title).toBe('Lotus 😀 Ring');
  });
  it('accepts the brand as a collection and refuses an unknown one', () => {
    expect(productInput.safeParse({ ...valid, collectionName: 'kanak' }).success).toBe(true);
    expect(productInput.safeParse({ ...valid, collectionName: 'random' }).success).toBe(false);
  });
  it('takes the edit preconditions as optional: the loaded stock per size and the loaded updatedAt', () => {
    const product = productInput.parse({
      ...valid,
      sizes: [{ weight: '5', size: '16', stock: '3', loadedStock: '5' }],
      loadedUpdatedAt: '2026-01-02T03:04:05.678Z',
    });
    expect(product.sizes).toEqual([{ weight: '5 g', size: '16 MM', stock: 3, loadedStock: 5 }]);
    expect(product.loadedUpdatedAt).toBe('2026-01-02T03:04:05.678Z');
    expect(productInput.parse(valid)).not.toHaveProperty('loadedUpdatedAt');
    const refused = (patch: Record<string, unknown>) =>
      productInput.safeParse({ ...valid, ...patch });
    expect(refused({ loadedUpdatedAt: 'yesterday' }).error!.issues[0]!.message).toBe(
      'Loaded updatedAt must be an ISO date-time',
    );
    expect(
      refused({ sizes: [{ weight: '5', stock: 1, loadedStock: -1 }] }).error!.issues[0]!.message,
    ).toBe('Loaded stock cannot be negative');
  });
});
