import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ImageRow } from './ImageRow';
import type { ProductFormFields } from './product-fields';

/** The product's image rows: each uploads as soon as its file is chosen. */
export function ImagesCard({ onUploading }: { onUploading: (busy: boolean) => void }) {
  const { control, formState } = useFormContext<ProductFormFields>();
  const images = useFieldArray({ control, name: 'imageUrls' });
  const error = formState.errors.imageUrls?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Images</CardTitle>
        <CardDescription>
          Each file is uploaded as soon as it is chosen; the first image is the one shown first.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {images.fields.map((field, index) => (
          <ImageRow
            key={field.id}
            index={index}
            canRemove={images.fields.length > 1}
            onRemove={() => images.remove(index)}
            onUploading={onUploading}
          />
        ))}
        {error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="button" variant="outline" onClick={() => images.append({ imageUrl: '' })}>
          <Plus /> Add New Image
        </Button>
      </CardContent>
    </Card>
  );
}
