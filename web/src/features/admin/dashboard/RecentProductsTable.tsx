import { Table, TableBody, TableRow } from '@/components/ui/table';
import { ProductSummaryCells, ProductSummaryHeader } from '../shared/ProductSummaryColumns';
import type { AdminProduct } from '../shared/types';

/** The first ten products (spec: Image, Title, Category, Price (the discounted price), Type). */
export function RecentProductsTable({ products }: { products: AdminProduct[] }) {
  return (
    <Table data-testid="recent-products">
      <ProductSummaryHeader />
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
