import { formatRupees } from '@kanak/shared';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { AdminProduct } from '../shared/types';

/** The first ten products (spec: Image, Title, Category, Price (the discounted price), Type). */
export function RecentProductsTable({ products }: { products: AdminProduct[] }) {
  return (
    <Table data-testid="recent-products">
      <TableHeader>
        <TableRow>
          <TableHead>Image</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Category</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Type</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product._id}>
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
