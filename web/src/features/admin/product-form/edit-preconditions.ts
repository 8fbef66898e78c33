import type { ProductInput } from '@kanak/shared';
import type { AdminProduct } from '../shared/types';

/**
 * A save of an edited product, with what the form was filled from: the product's updatedAt and
 * each kept weight's stock. The server then refuses (409) a save that would undo another
 * admin's, and never writes back a stock the admin left alone over sales made meanwhile.
 */
export function withPreconditions(
  input: ProductInput,
  loaded: Pick<AdminProduct, 'updatedAt' | 'sizes'>,
): ProductInput {
  const loadedStock = new Map(loaded.sizes.map((s) => [s.weight, s.stock]));
  return {
    ...input,
    loadedUpdatedAt: loaded.updatedAt,
    sizes: input.sizes.map((row) => {
      const stock = loadedStock.get(row.weight);
      // A weight the form did not load is a new row: its stock is simply the one entered.
      return stock === undefined ? row : { ...row, loadedStock: stock };
    }),
  };
}
