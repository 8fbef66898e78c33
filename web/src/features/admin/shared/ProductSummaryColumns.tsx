import { formatRupees } from '@kanak/shared';
import { TableCell } from '@/components/ui/table';
import type { AdminProduct } from './types';

/** Image, Title, Category, Price (the discounted price) and Type: the spec's product columns. */
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
      <TableCell className="max-w-80 truncate font-medium">{product.title}</TableCell>
      <TableCell className="capitalize">{product.category.name}</TableCell>
      <TableCell>{formatRupees(product.discountedPrice)}</TableCell>
      <TableCell className="capitalize">{product.type}</TableCell>
    </>
  );
}
