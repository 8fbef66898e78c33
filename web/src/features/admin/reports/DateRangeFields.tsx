import type { Dispatch, SetStateAction } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface DateRange {
  from: string;
  to: string;
}

/** The From and To days of a report (ids `${idPrefix}-from` / `-to` name its labels). */
export function DateRangeFields({
  idPrefix,
  range,
  onChange,
}: {
  idPrefix: string;
  range: DateRange;
  onChange: Dispatch<SetStateAction<DateRange>>;
}) {
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-from`}>From</Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={range.from}
          onChange={(e) => onChange((r) => ({ ...r, from: e.target.value }))}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-to`}>To</Label>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          value={range.to}
          onChange={(e) => onChange((r) => ({ ...r, to: e.target.value }))}
        />
      </div>
    </>
  );
}
