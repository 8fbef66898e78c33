import { Link, getRouteApi } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { ArrowLeft } from 'lucide-react';
import { useRef } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import type { AdminProduct } from '../shared/types';
import { withPreconditions } from './edit-preconditions';
import { mergeEdits, mergeHint } from './merge-edits';
import { productToFields } from './product-fields';
import { ProductForm } from './ProductForm';

const route = getRouteApi('/admin/product/$productId/edit');

/** /admin/product/{id}/edit: the same form, filled with the product. */
export function EditProductPage() {
  const { productId } = route.useParams();
  const product = trpc.catalog.adminById.useQuery({ productId }, { staleTime: 0 });

  return (
    <div>
      <PageHeader
        title="Edit Product"
        description={product.data?.title}
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/products">
              <ArrowLeft /> All Products
            </Link>
          </Button>
        }
      />
      {product.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(product.error)}
        </p>
      ) : !product.data ? (
        <Skeleton className="h-[40rem]" />
      ) : (
        <EditProductForm key={product.data._id} loaded={product.data} />
      )}
    </div>
  );
}

const isConflict = (error: unknown) =>
  error instanceof TRPCClientError && error.data?.code === 'CONFLICT';

function EditProductForm({ loaded }: { loaded: AdminProduct }) {
  const productId = loaded._id;
  const utils = trpc.useUtils();
  const update = trpc.catalog.update.useMutation();
  // What the form's values were filled from: the next save's preconditions. Not the query's data,
  // which a refetch (stock sold, window focus) moves on while the form keeps the admin's values.
  const filledFrom = useRef(loaded);

  return (
    <ProductForm
      defaultValues={productToFields(loaded)}
      submitLabel="Update Product"
      onSubmit={async (input, fields) => {
        try {
          const saved = await update.mutateAsync({
            productId,
            product: withPreconditions(input, filledFrom.current),
          });
          filledFrom.current = saved;
          toast.success(`Product "${saved.title}" updated`);
          utils.catalog.adminById.setData({ productId }, saved);
          void utils.catalog.invalidate();
          return { values: productToFields(saved) };
        } catch (error) {
          const message = errorMessage(error, 'The product could not be updated.');
          toast.error(message);
          if (!isConflict(error)) throw new Error(message, { cause: error });
          // Someone else saved, or a stock the admin changed was sold meanwhile: show the product
          // as it is now with the admin's changes on top, and say what moved.
          const current = await utils.catalog.adminById.fetch({ productId }, { staleTime: 0 });
          const merged = mergeEdits(
            productToFields(filledFrom.current),
            fields,
            productToFields(current),
          );
          filledFrom.current = current;
          return {
            values: merged.values,
            refusal: { message, hint: mergeHint(merged), stockNotes: merged.stockNotes },
          };
        }
      }}
    />
  );
}
