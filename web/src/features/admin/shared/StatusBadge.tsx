import { statusBadgeTone } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Badge colours of spec section 4: CONFIRMED green, SHIPPED blue, PLACED teal, PENDING grey, other maroon. */
const TONE_CLASSES: Record<ReturnType<typeof statusBadgeTone>, string> = {
  green: 'bg-green-600 text-white',
  blue: 'bg-blue-600 text-white',
  teal: 'bg-teal-600 text-white',
  grey: 'bg-gray-500 text-white',
  maroon: 'bg-primary text-primary-foreground',
};

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = statusBadgeTone(status);
  return (
    <Badge
      data-tone={tone}
      data-testid="order-status"
      className={cn('border-transparent uppercase tracking-wide', TONE_CLASSES[tone], className)}
    >
      {status}
    </Badge>
  );
}
