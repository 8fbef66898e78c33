import { indianSizeLabel, measureValue, type SizeGuideKind } from '@kanak/shared';

/** "16.5 MM" → "16.5 MM · Size 12": the spec's MM value with the Indian size beside it. */
export function sizeLabel(kind: SizeGuideKind, size: string): string {
  const mm = measureValue(size);
  const indian = mm === null ? null : indianSizeLabel(kind, mm);
  return indian ? `${size} · ${indian}` : size;
}
