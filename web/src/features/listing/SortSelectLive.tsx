import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { SortProps } from './SortSelect';

/** The sort as the select proper, opened at once: it is shown on the trigger's first press. */
export default function SortSelectLive({ value, sorts, onValueChange }: SortProps) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen>
      <SelectTrigger className="w-48" aria-label="Sort by">
        <SelectValue placeholder="Sort" />
      </SelectTrigger>
      <SelectContent align="end">
        {sorts.map((s) => (
          <SelectItem key={s.value} value={s.value}>
            {s.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
