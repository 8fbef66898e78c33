import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldAria, FormField } from '@/components/FormField';
import type { ProductFormFields } from './product-fields';
import { uploadImage } from './upload-image';

interface Upload {
  preview: string;
  progress: number;
}

/** One image row: pick a file, see it at once, watch it upload, keep the returned URL. */
export function ImageRow({
  index,
  canRemove,
  onRemove,
  onUploading,
}: {
  index: number;
  canRemove: boolean;
  onRemove: () => void;
  onUploading: (busy: boolean) => void;
}) {
  const { register, setValue, control, formState } = useFormContext<ProductFormFields>();
  const url = useWatch({ control, name: `imageUrls.${index}.imageUrl` });
  const [upload, setUpload] = useState<Upload | null>(null);
  const error = formState.errors.imageUrls?.[index]?.imageUrl?.message;
  const id = `image-${index}`;

  // The local preview is released once uploaded, or when the row goes away mid-upload.
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    const preview = URL.createObjectURL(file);
    previewRef.current = preview;
    setUpload({ preview, progress: 0 });
    onUploading(true);
    try {
      const secureUrl = await uploadImage(file, (progress) =>
        setUpload((u) => (u ? { ...u, progress } : u)),
      );
      setValue(`imageUrls.${index}.imageUrl`, secureUrl, {
        shouldValidate: formState.isSubmitted,
        shouldDirty: true,
      });
      setUpload(null);
    } catch (failure) {
      // Spec section 8 logs the failure; the admin also sees why.
      console.error('Failed to upload images to /api/uploads', failure);
      toast.error(failure instanceof Error ? failure.message : 'The image could not be uploaded');
      setUpload(null);
    } finally {
      URL.revokeObjectURL(preview);
      previewRef.current = null;
      onUploading(false);
    }
  }

  const shown = upload?.preview ?? (url || null);
  return (
    <div className="flex gap-4 rounded-lg border bg-background p-3" data-testid="image-row">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-secondary">
        {shown ? (
          <img
            src={shown}
            alt={`Image ${index + 1} preview`}
            className="size-full object-cover"
            data-testid="image-preview"
          />
        ) : (
          <ImagePlus className="size-8 text-muted-foreground" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <FormField id={`${id}-file`} label={`Image ${index + 1}`} error={error} required>
          <Input
            type="file"
            accept="image/*"
            {...fieldAria(`${id}-file`, error)}
            onChange={(e) => void onFile(e.target.files?.[0])}
            disabled={Boolean(upload)}
          />
        </FormField>
        {upload ? (
          <div className="space-y-1" data-testid="upload-progress">
            <div
              className="h-2 overflow-hidden rounded-full bg-secondary"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress}
              aria-label={`Uploading image ${index + 1}`}
            >
              <div
                className="h-full bg-primary transition-[width]"
                style={{ width: `${upload.progress}%` }}
              />
            </div>
            <p className="text-xs text-muted-foreground">Uploading… {upload.progress}%</p>
          </div>
        ) : (
          <Input
            {...register(`imageUrls.${index}.imageUrl`)}
            placeholder="or paste an image URL"
            aria-label={`Image ${index + 1} URL`}
            className="h-8 text-xs"
          />
        )}
      </div>
      {canRemove && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={`Remove image ${index + 1}`}
        >
          <Trash2 />
        </Button>
      )}
    </div>
  );
}
