import { useEffect, useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CERTIFICATE_LABS, STONE_ORIGINS, type ProductInput } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { fieldAria, FormField } from '@/components/FormField';
import { uploadImage } from '@/features/admin/product-form/upload-image';
import type { ProductFormFields } from '@/features/admin/product-form/product-fields';

type Stone = NonNullable<ProductInput['stones']>[number];

/** A new stone row: a natural diamond, one stone, no certificate yet. */
const newStone = (): Stone => ({
  kind: 'diamond',
  origin: 'natural',
  count: 1,
  carat: 0,
  colour: null,
  clarity: null,
  cut: null,
  certificate: null,
});

/**
 * The product form's stones: kind, origin, count, carat, colour, clarity and cut, and a
 * certificate (lab, number, and an uploaded PDF or image). The server applies the disclosure rule
 * (a laboratory-grown diamond must be named so) and keeps (lab, number) unique.
 */
export function StonesFields() {
  const { control, register, formState, setValue } = useFormContext<ProductFormFields>();
  const stones = useFieldArray({ control, name: 'stones' });
  const rows = useWatch({ control, name: 'stones' });
  // The rows as they are when an upload ends (its closure holds those of when it began).
  const current = useRef(stones.fields);
  useEffect(() => {
    current.current = stones.fields;
  }, [stones.fields]);
  const errors = formState.errors.stones;
  // Per row (by its field id, so removing a row moves nothing): an upload under way, or why it
  // failed.
  const [uploads, setUploads] = useState<Record<string, { busy: boolean; problem?: string }>>({});

  const upload = async (rowId: string, file: File) => {
    setUploads((u) => ({ ...u, [rowId]: { busy: true } }));
    try {
      const url = await uploadImage(file, () => {}, 'certificate');
      // The row's place now: rows above it may have been removed meanwhile.
      const index = current.current.findIndex((f) => f.id === rowId);
      if (index >= 0) setValue(`stones.${index}.certificate.url`, url, { shouldDirty: true });
      setUploads((u) => ({ ...u, [rowId]: { busy: false } }));
    } catch (error) {
      setUploads((u) => ({ ...u, [rowId]: { busy: false, problem: (error as Error).message } }));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stones and certificates</CardTitle>
        <CardDescription>
          Diamonds and gemstones set in the piece. A laboratory-grown diamond must be called a
          laboratory-grown diamond in the title and description.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {stones.fields.map((field, index) => {
          const row = errors?.[index];
          const id = (name: string) => `stones-${index}-${name}`;
          const certificate = rows?.[index]?.certificate;
          const lab = certificate?.lab;
          const url = certificate?.url;
          return (
            <fieldset
              key={field.id}
              className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 xl:grid-cols-4"
              data-testid="stone-row"
            >
              <legend className="px-1 text-sm font-medium">Stone {index + 1}</legend>
              <FormField id={id('kind')} label="Stone" error={row?.kind?.message} required>
                <Input
                  {...register(`stones.${index}.kind`)}
                  {...fieldAria(id('kind'), row?.kind?.message)}
                />
              </FormField>
              <FormField id={id('origin')} label="Origin" error={row?.origin?.message}>
                <NativeSelect
                  {...register(`stones.${index}.origin`)}
                  {...fieldAria(id('origin'), row?.origin?.message)}
                >
                  {STONE_ORIGINS.map((o) => (
                    <NativeSelectOption key={o} value={o}>
                      {o === 'natural' ? 'Natural' : 'Laboratory-grown'}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={id('count')} label="Count" error={row?.count?.message}>
                <Input
                  type="number"
                  min={1}
                  step={1}
                  {...register(`stones.${index}.count`, { valueAsNumber: true })}
                  {...fieldAria(id('count'), row?.count?.message)}
                />
              </FormField>
              <FormField id={id('carat')} label="Total carat" error={row?.carat?.message}>
                <Input
                  type="number"
                  min={0}
                  step="0.01"
                  {...register(`stones.${index}.carat`, { valueAsNumber: true })}
                  {...fieldAria(id('carat'), row?.carat?.message)}
                />
              </FormField>
              {(['colour', 'clarity', 'cut'] as const).map((name) => (
                <FormField
                  key={name}
                  id={id(name)}
                  label={name === 'cut' ? 'Cut / shape' : name[0]!.toUpperCase() + name.slice(1)}
                  error={row?.[name]?.message}
                >
                  <Input
                    {...register(`stones.${index}.${name}`, {
                      setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v : null),
                    })}
                    {...fieldAria(id(name), row?.[name]?.message)}
                  />
                </FormField>
              ))}
              <FormField id={id('lab')} label="Certificate lab">
                <NativeSelect
                  value={lab ?? ''}
                  onChange={(e) =>
                    setValue(
                      `stones.${index}.certificate`,
                      e.target.value
                        ? {
                            lab: e.target.value as (typeof CERTIFICATE_LABS)[number],
                            number: certificate?.number ?? '',
                            url: url ?? null,
                          }
                        : null,
                      { shouldDirty: true },
                    )
                  }
                  {...fieldAria(id('lab'), undefined)}
                >
                  <NativeSelectOption value="">No certificate</NativeSelectOption>
                  {CERTIFICATE_LABS.map((l) => (
                    <NativeSelectOption key={l} value={l}>
                      {l === 'other' ? 'Other laboratory' : l}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormField>
              {lab ? (
                <>
                  <FormField
                    id={id('number')}
                    label="Certificate number"
                    error={row?.certificate?.number?.message}
                    required
                  >
                    <Input
                      {...register(`stones.${index}.certificate.number`)}
                      {...fieldAria(id('number'), row?.certificate?.number?.message)}
                    />
                  </FormField>
                  <FormField
                    id={id('file')}
                    label="Certificate file (PDF or image)"
                    error={uploads[field.id]?.problem ?? row?.certificate?.url?.message}
                  >
                    <Input
                      type="file"
                      accept="application/pdf,image/*"
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        if (file) void upload(field.id, file);
                      }}
                      disabled={uploads[field.id]?.busy}
                      {...fieldAria(id('file'), uploads[field.id]?.problem)}
                    />
                  </FormField>
                  {uploads[field.id]?.busy ? (
                    <p role="status" className="self-end text-sm text-muted-foreground">
                      Uploading…
                    </p>
                  ) : url ? (
                    <a
                      href={url}
                      className="self-end text-sm text-primary underline-offset-4 hover:underline"
                      data-testid="certificate-file"
                    >
                      Certificate file uploaded
                    </a>
                  ) : null}
                </>
              ) : null}
              <div className="flex items-end">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => stones.remove(index)}
                  aria-label={`Remove stone ${index + 1}`}
                >
                  <Trash2 /> Remove
                </Button>
              </div>
            </fieldset>
          );
        })}
        <Button type="button" variant="outline" onClick={() => stones.append(newStone())}>
          <Plus /> Add a stone
        </Button>
      </CardContent>
    </Card>
  );
}
