import { Link, getRouteApi } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { productToFields } from './product-fields';
import { ProductForm } from './ProductForm';

const route = getRouteApi('/admin/product/$productId/edit');

/** /admin/product/{id}/edit: the same form, filled with the product. */
export function EditProductPage() {
  const { productId } = route.useParams();
  const utils = trpc.useUtils();
  const product = trpc.catalog.byId.useQuery({ productId }, { staleTime: 0 });
  const update = trpc.catalog.update.useMutation();

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
        <ProductForm
          key={product.data._id}
          defaultValues={productToFields(product.data)}
          submitLabel="Update Product"
          onSubmit={async (input) => {
            try {
              const saved = await update.mutateAsync({ productId, product: input });
              toast.success(`Product "${saved.title}" updated`);
              utils.catalog.byId.setData({ productId }, saved);
              void utils.catalog.invalidate();
              return productToFields(saved);
            } catch (error) {
              const message = errorMessage(error, 'The product could not be updated.');
              toast.error(message);
              throw new Error(message, { cause: error });
            }
          }}
        />
      )}
    </div>
  );
}
