import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { emptyProductFields, productResolver, type ProductFormFields } from './product-fields';

const options: ResolverOptions<ProductFormFields> = {
  fields: {},
  shouldUseNativeValidation: false,
};

const filled = (): ProductFormFields => ({
  ...emptyProductFields(),
  imageUrls: [{ imageUrl: '/uploads/a.png' }, { imageUrl: '/uploads/b.png' }],
  title: 'Aurora Ring',
  brand: 'Kanak',
  color: 'yellow',
  occasion: 'engagement',
  collectionName: 'Kanak',
  type: 'gold',
  price: '1000',
  discountedPrice: '750',
  discountPercent: 25,
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
  description: 'A band.',
  details: '18K gold.',
  sizes: [
    { weight: '2.5', size: '16', stock: '4' },
    { weight: '3', size: '', stock: 0 },
  ],
});

describe('productResolver', () => {
  it('starts from the spec defaults: one image row, one size row, quantity 1, prices 0', () => {
    expect(emptyProductFields()).toMatchObject({
      imageUrls: [{ imageUrl: '' }],
      sizes: [{ weight: '', size: '', stock: 0 }],
      quantity: 1,
      price: 0,
      discountedPrice: 0,
      discountPercent: 0,
    });
  });

  it('names every blank required field', async () => {
    const { errors } = await productResolver(emptyProductFields(), undefined, options);
    expect(errors.title?.message).toBe('Title is required');
    expect(errors.brand?.message).toBe('Brand is required');
    expect(errors.color?.message).toBe('Color is required');
    expect(errors.type?.message).toBe('Metal is required');
    expect(errors.description?.message).toBe('Description is required');
    expect(errors.details?.message).toBe('Details is required');
    expect(errors.sizes?.[0]?.weight?.message).toBe('Weight is required');
    expect(errors.imageUrls?.[0]?.imageUrl?.message).toBe('Please upload an image');
    const { errors: priceErrors } = await productResolver(
      { ...filled(), price: '' },
      undefined,
      options,
    );
    expect(priceErrors.price?.message).toBe('Price is required');
  });

  it('answers the product input with units on the size rows', async () => {
    const { values, errors } = await productResolver(filled(), undefined, options);
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      price: 1000,
      discountedPrice: 750,
      quantity: 1,
      sizes: [
        { weight: '2.5 g', size: '16 MM', stock: 4 },
        { weight: '3 g', size: '', stock: 0 },
      ],
    });
  });

  it('keeps the shared schema rules: a discounted price above the price is refused', async () => {
    const { errors } = await productResolver(
      { ...filled(), discountedPrice: '1200' },
      undefined,
      options,
    );
    expect(errors.discountedPrice?.message).toBe('Discounted Price cannot exceed Price');
  });
});
