import { ChevronDownIcon } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { SELECT_TRIGGER_CLASS } from '@/components/ui/select-trigger-class';
import { cn } from '@/lib/utils';

export interface SortProps {
  value: string;
  sorts: readonly { value: string; label: string }[];
  onValueChange: (value: string) => void;
}

const loadLive = () => import('./SortSelectLive');
// A warm-up only: a failure here is left to the menu's own load to report when it opens.
const warmUp = () => void loadLive().catch(() => undefined);
// The select library (its popper, focus trap and scroll lock) loads when the sort is first used.
const SortSelectLive = lazy(loadLive);

/**
 * The listing's "Sort by": until first used, a trigger that looks and reads as the select's
 * (the server's HTML and the first load carry no select library); the first press loads the
 * select and opens it.
 */
export function SortSelect(props: SortProps) {
  const [wanted, setWanted] = useState(false);
  const open = () => setWanted(true);
  const trigger = (
    <button
      type="button"
      role="combobox"
      aria-label="Sort by"
      aria-expanded="false"
      aria-autocomplete="none"
      data-state="closed"
      data-slot="select-trigger"
      data-size="default"
      className={cn(SELECT_TRIGGER_CLASS, 'w-48')}
      // Fetched on the first sign of intent, so the press itself waits as little as it can.
      onPointerEnter={warmUp}
      onFocus={warmUp}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          open();
        }
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {props.sorts.find((s) => s.value === props.value)?.label ?? 'Sort'}
      </span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden />
    </button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <SortSelectLive {...props} />
    </Suspense>
  );
}
