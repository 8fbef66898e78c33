import { Star, StarHalf } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Read-only stars in half steps, with the value for screen readers. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span
      className={cn('inline-flex items-center gap-0.5 text-gold', className)}
      role="img"
      aria-label={`${rounded} out of 5 stars`}
    >
      {Array.from({ length: 5 }, (_, i) => {
        const fill = rounded - i;
        return fill >= 1 ? (
          <Star key={i} className="size-4 fill-current" aria-hidden />
        ) : fill === 0.5 ? (
          <span key={i} className="relative inline-flex">
            <Star className="size-4 text-border" aria-hidden />
            <StarHalf className="absolute inset-0 size-4 fill-current" aria-hidden />
          </span>
        ) : (
          <Star key={i} className="size-4 text-border" aria-hidden />
        );
      })}
    </span>
  );
}
