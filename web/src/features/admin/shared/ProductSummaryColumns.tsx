import { formatRupees } from '@kanak/shared';
import type { ReactNode } from 'react';
import { TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AdminProduct } from './types';

// Image, Title, Category, Price (the discounted price) and Type: the spec's product columns,
// headed and filled in one place so the admin's product tables cannot drift apart.

/**
 * The header of the product columns; `children` head the columns a table adds after them,
 * `leading` one before them (the products table's selection).
 */
export function ProductSummaryHeader({
  children,
  leading,
}: {
  children?: ReactNode;
  leading?: ReactNode;
}) {
  return (
    <TableHeader>
      <TableRow>
        {leading}
        <TableHead>Image</TableHead>
        <TableHead>Title</TableHead>
        <TableHead>Category</TableHead>
        <TableHead>Price</TableHead>
        <TableHead>Type</TableHead>
        {children}
      </TableRow>
    </TableHeader>
  );
}

/** One product's cells under ProductSummaryHeader. */
export function ProductSummaryCells({ product }: { product: AdminProduct }) {
  return (
    <>
      <TableCell>
        <img
          src={product.imageUrls[0]?.imageUrl}
          alt={product.title}
          width={48}
          height={48}
          loading="lazy"
          className="size-12 rounded-md bg-secondary object-cover"
        />
      </TableCell>
      <TableCell className="max-w-80 truncate font-medium">
        {product.title}
        {/* Design number and state: a draft or archived piece is not in the shop. */}
        <span className="block text-xs font-normal text-muted-foreground" data-testid="product-sku">
          {product.sku}
          {product.status && product.status !== 'live' && (
            <span className="ml-2 rounded bg-muted px-1.5 py-0.5 font-medium capitalize text-foreground">
              {product.status}
            </span>
          )}
        </span>
      </TableCell>
      <TableCell className="capitalize">{product.category.name}</TableCell>
      <TableCell>{formatRupees(product.discountedPrice)}</TableCell>
      <TableCell className="capitalize">{product.type}</TableCell>
    </>
  );
}
