import { standardSizeOptions, type SizeGuideKind } from '@kanak/shared';

export const standardSizesId = (kind: SizeGuideKind) => `standard-sizes-${kind}`;

/** The standard Indian sizes an admin's size rows offer for rings and bangles (inner diameter). */
export function StandardSizes({ kind }: { kind: SizeGuideKind | null }) {
  if (!kind) return null;
  return (
    <datalist id={standardSizesId(kind)} data-testid="standard-sizes">
      {standardSizeOptions(kind).map((o) => (
        <option key={o.value} value={o.value.replace(' MM', '')} label={o.label} />
      ))}
    </datalist>
  );
}
