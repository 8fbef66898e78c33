import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { emptyProductFields } from './product-fields';
import { ProductForm } from './ProductForm';

/** /admin/product/create: after a success the form goes back to its initial values. */
export function CreateProductPage() {
  const utils = trpc.useUtils();
  const create = trpc.catalog.create.useMutation();
  return (
    <div>
      <PageHeader title="Add New Product" description="Fields marked * are required." />
      <ProductForm
        defaultValues={emptyProductFields()}
        submitLabel="Add New Product"
        onSubmit={async (product) => {
          try {
            const created = await create.mutateAsync(product);
            toast.success(`Product "${created.title}" created`);
            void utils.catalog.invalidate();
            void utils.orders.dashboard.invalidate();
            return { values: emptyProductFields() };
          } catch (error) {
            const message = errorMessage(error, 'The product could not be created.');
            toast.error(message);
            throw new Error(message, { cause: error });
          }
        }}
      />
    </div>
  );
}
