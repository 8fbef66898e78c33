/**
 * The size a product page opens on: the first one in stock, else the first. A listing
 * card shows this size's price, so the card never advertises a price its page does not sell.
 */
export function openingSizeIndex(sizes: readonly { stock: number }[]): number {
  return Math.max(
    0,
    sizes.findIndex((s) => s.stock > 0),
  );
}

export function openingSize<S extends { stock: number }>(sizes: readonly S[]): S | undefined {
  return sizes[openingSizeIndex(sizes)];
}

/** Nothing of the product is in stock (its card says so). */
export const soldOutEverywhere = (sizes: readonly { stock: number }[]): boolean =>
  sizes.every((s) => s.stock <= 0);
