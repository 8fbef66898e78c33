import { formatRupees, percentOff } from '@kanak/shared';
import { cn } from '@/lib/utils';

/** Discounted price, the original struck through, and the percent off (floor rule of spec section 9). */
export function PriceLine({
  price,
  discountedPrice,
  size = 'sm',
  className,
}: {
  price: number;
  discountedPrice: number;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const off = percentOff(price, discountedPrice);
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span
        className={cn('font-semibold text-foreground', size === 'lg' ? 'text-3xl' : 'text-base')}
      >
        {formatRupees(discountedPrice)}
      </span>
      {off > 0 && (
        <>
          <span
            className={cn(
              'text-muted-foreground line-through',
              size === 'lg' ? 'text-lg' : 'text-xs',
            )}
          >
            <span className="sr-only">Original price </span>
            {formatRupees(price)}
          </span>
          <span
            className={cn('font-semibold text-emerald-700', size === 'lg' ? 'text-lg' : 'text-xs')}
          >
            {off}% off
          </span>
        </>
      )}
    </p>
  );
}
