import { Link, getRouteApi } from '@tanstack/react-router';
import { Download, FileUp, Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { trpc } from '@/lib/trpc';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { SearchField } from '../shared/SearchField';
import { Pager } from '../shared/Pager';
import { ProductSummaryCells, ProductSummaryHeader } from '../shared/ProductSummaryColumns';
import type { AdminProduct } from '../shared/types';
import { downloadCatalogue } from '../catalogue-io/catalogue-files';
import { BulkEditBar } from './BulkEditBar';

const PAGE_SIZE = 10;
const route = getRouteApi('/admin/products');

const STATES = [
  { value: '', label: 'Every state' },
  { value: 'live', label: 'Live' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
] as const;

/** A product's stock over all its sizes. */
const stockOf = (product: AdminProduct) => product.sizes.reduce((sum, s) => sum + s.stock, 0);

/**
 * /admin/products: the whole catalogue, newest first, with search, a state filter, each piece's
 * stock, pages, Edit and Delete.
 */
export function ProductsPage() {
  const { q = '', page = 1, status } = route.useSearch();
  const navigate = route.useNavigate();
  const [term, setTerm] = useState(q);
  // Rows picked for a bulk edit; kept across pages and searches until the edit is closed.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const toggle = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const utils = trpc.useUtils();
  const list = trpc.catalog.adminList.useQuery(
    { q: q || undefined, status, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );

  // Typing searches after a short pause; the query lives in the URL so a reload keeps it.
  useEffect(() => {
    if (term.trim() === q) return;
    const timer = setTimeout(
      () =>
        void navigate({ search: { q: term.trim() || undefined, page: undefined }, replace: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [term, q, navigate]);

  const remove = trpc.catalog.remove.useMutation({
    onSuccess: (result) => {
      toast.success(result.message || 'Product deleted');
      void utils.catalog.invalidate();
      void utils.orders.dashboard.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const data = list.data;
  return (
    <div>
      <PageHeader
        title="All Products"
        description={data ? `${data.totalElements.toLocaleString('en-IN')} products` : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* Export the table's current search, in the import's column set. */}
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="outline"
                onClick={() =>
                  downloadCatalogue(format, q, status).catch((error: Error) =>
                    toast.error(error.message),
                  )
                }
              >
                <Download /> Export {format.toUpperCase()}
              </Button>
            ))}
            <Button asChild variant="outline">
              <Link to="/admin/catalogue/import">
                <FileUp /> Import
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() => setBulkOpen((o) => !o)}
              aria-expanded={bulkOpen}
            >
              <Layers /> Bulk edit{selected.size ? ` (${selected.size})` : ''}
            </Button>
            <Button asChild>
              <Link to="/admin/product/create">
                <Plus /> Add Product
              </Link>
            </Button>
          </div>
        }
      />
      <Card className="gap-4">
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <SearchField
              label="Search products"
              value={term}
              onChange={setTerm}
              placeholder="Search by title, brand or exact SKU"
              className="max-w-md flex-1"
            />
            <div className="space-y-1">
              <Label htmlFor="products-state">State</Label>
              <NativeSelect
                id="products-state"
                value={status ?? ''}
                onChange={(e) => {
                  const next = STATES.find((s) => s.value === e.target.value)?.value;
                  void navigate({
                    search: (prev) => ({ ...prev, status: next || undefined, page: undefined }),
                  });
                }}
              >
                {STATES.map((s) => (
                  <NativeSelectOption key={s.value} value={s.value}>
                    {s.label}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
          </div>
          {bulkOpen && data && (
            <BulkEditBar
              key={selected.size ? 'selected' : 'filter'}
              selected={[...selected]}
              q={q}
              status={status}
              matching={data.totalElements}
              onFinished={() => {
                setSelected(new Set());
                setBulkOpen(false);
                void utils.catalog.invalidate();
              }}
            />
          )}
          {list.isError && (
            <p role="alert" className="text-destructive">
              {errorMessage(list.error)}
            </p>
          )}
          {!data ? (
            <Skeleton className="h-96" />
          ) : data.content.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No products found</p>
          ) : (
            <Table data-testid="products-table">
              <ProductSummaryHeader
                leading={
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label="Select the products of this page"
                      checked={data.content.every((p) => selected.has(p._id))}
                      onCheckedChange={(on) =>
                        toggle(
                          data.content.map((p) => p._id),
                          on === true,
                        )
                      }
                    />
                  </TableHead>
                }
              >
                <TableHead className="text-right">Stock</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </ProductSummaryHeader>
              <TableBody>
                {data.content.map((product) => (
                  <ProductRow
                    key={product._id}
                    product={product}
                    selected={selected.has(product._id)}
                    onSelect={(on) => toggle([product._id], on)}
                    onDelete={() => remove.mutate({ productId: product._id })}
                  />
                ))}
              </TableBody>
            </Table>
          )}
          {data && data.totalPages > 1 && (
            <Pager
              page={data.currentPage}
              totalPages={data.totalPages}
              onPage={(next) =>
                void navigate({
                  search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }),
                })
              }
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ProductRow({
  product,
  selected,
  onSelect,
  onDelete,
}: {
  product: AdminProduct;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <TableRow data-product-id={product._id}>
      <TableCell>
        <Checkbox
          aria-label={`Select ${product.title}`}
          checked={selected}
          onCheckedChange={(on) => onSelect(on === true)}
        />
      </TableCell>
      <ProductSummaryCells product={product} />
      <StockCell product={product} />
      <TableCell>
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline" size="sm">
            <Link
              to="/admin/product/$productId/edit"
              params={{ productId: product._id }}
              aria-label={`Edit ${product.title}`}
            >
              <Pencil /> Edit
            </Link>
          </Button>
          <ConfirmDialog
            onConfirm={onDelete}
            trigger={
              <Button variant="destructive" size="sm" aria-label={`Delete ${product.title}`}>
                <Trash2 /> Delete
              </Button>
            }
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** Pieces in stock over every size; each size's count in the tooltip, and "Sold out" at 0. */
function StockCell({ product }: { product: AdminProduct }) {
  const total = stockOf(product);
  const bySize = product.sizes.map((s) => `${s.weight}: ${s.stock}`).join(', ');
  return (
    <TableCell className="text-right tabular-nums" title={bySize} data-testid="product-stock">
      {total === 0 ? (
        <span className="font-medium text-destructive">Sold out</span>
      ) : (
        total.toLocaleString('en-IN')
      )}
      {product.sizes.length > 1 && (
        <span className="block text-xs text-muted-foreground">{product.sizes.length} sizes</span>
      )}
    </TableCell>
  );
}
