import { ORDER_STATUSES, type OrderStatus } from '@kanak/shared';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { SearchField } from '../shared/SearchField';
import type { OrderFilters } from './use-order-filters';

/** The list's search, its status and the days placed. */
export function OrderSearchBar({ filters }: { filters: OrderFilters }) {
  const { term, setTerm, status, setStatus, from, setFrom, to, setTo } = filters;
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap">
      <SearchField
        label="Search orders"
        value={term}
        onChange={setTerm}
        placeholder="Search by customer, e-mail, phone or order number"
        className="flex-1 lg:max-w-md"
      />
      <div className="grid gap-2 sm:flex">
        <label className="block sm:w-44">
          <span className="sr-only">Order status</span>
          <NativeSelect
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
          >
            <NativeSelectOption value="">All statuses</NativeSelectOption>
            {ORDER_STATUSES.map((s) => (
              <NativeSelectOption key={s} value={s}>
                {s}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </label>
        <DateFilter label="From" value={from} max={to || undefined} onChange={setFrom} />
        <DateFilter label="To" value={to} min={from || undefined} onChange={setTo} />
      </div>
    </div>
  );
}

/** A day bound of the list (the browser's date picker; YYYY-MM-DD as the server takes it). */
function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <span className="w-10 shrink-0 sm:w-auto">{label}</span>
      <Input
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        aria-label={`Placed ${label.toLowerCase()}`}
        className="sm:w-40"
      />
    </label>
  );
}
