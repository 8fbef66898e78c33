import { ShieldCheck } from 'lucide-react';

/** "BIS hallmarked 22K916" under the price of a hallmarked gold piece. */
export function HallmarkLine({ mark }: { mark: string | null | undefined }) {
  if (!mark) return null;
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="hallmark-line">
      <ShieldCheck className="size-4 text-primary" aria-hidden />
      <span>
        <strong>BIS hallmarked</strong> · purity mark <strong>{mark}</strong> · each piece carries
        its own HUID, verifiable in the BIS CARE app
      </span>
    </p>
  );
}
