import { Badge } from '@/components/ui/badge';

/** Flags an order above ₹2,00,000 whose buyer's PAN is not recorded yet. */
export function PanNeededBadge() {
  return (
    <Badge variant="outline" className="border-amber-400 bg-amber-50 text-amber-900">
      PAN needed
    </Badge>
  );
}
