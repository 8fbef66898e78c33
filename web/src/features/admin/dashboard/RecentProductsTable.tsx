import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ProductSummaryCells } from '../shared/ProductSummaryCells';
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
            <ProductSummaryCells product={product} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
