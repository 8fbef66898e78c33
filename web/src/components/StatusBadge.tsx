import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { statusTone, type StatusTone } from './status-tone';

/** One colour per tone, the same on the storefront and in the admin. */
const TONE_CLASSES: Record<StatusTone, string> = {
  green: 'bg-green-600 text-white',
  blue: 'bg-blue-600 text-white',
  teal: 'bg-teal-600 text-white',
  grey: 'bg-gray-500 text-white',
  maroon: 'bg-primary text-primary-foreground',
};

/** An order's status as a coloured badge (spec section 4). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = statusTone(status);
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
