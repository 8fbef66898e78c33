import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { formatRupees } from '@kanak/shared';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** Header search: a dropdown of full-text results (catalog.search); Enter opens the highlighted one. */
export function SearchBox({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const listId = useId();
  const navigate = useNavigate();
  const results = trpc.catalog.search.useQuery(
    { q, limit: 6 },
    { enabled: q.length >= 2, placeholderData: (prev) => prev },
  );
  const items = q.length >= 2 ? (results.data?.content ?? []) : [];

  const go = (id: string) => {
    setOpen(false);
    setText('');
    void navigate({ to: '/product/$productId', params: { productId: id } });
  };

  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        const pick = items[active] ?? items[0];
        if (pick) go(pick._id);
      }}
    >
      <label className="relative block">
        <span className="sr-only">Search jewellery</span>
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          value={text}
          role="combobox"
          aria-expanded={open && items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          placeholder="Search rings, jhumkas, gold chains…"
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setActive((a) => Math.min(items.length - 1, a + 1));
            else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
            else if (e.key === 'Escape') setOpen(false);
          }}
          className="h-10 w-full rounded-full border border-input bg-card pr-4 pl-10 text-sm shadow-xs outline-none [&::-webkit-search-cancel-button]:appearance-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
        />
      </label>
      {open && q.length >= 2 && (
        <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-lg border bg-popover shadow-xl">
          {items.length ? (
            <ul id={listId} role="listbox" aria-label="Search results">
              {items.map((p, i) => (
                <li key={p._id} role="option" aria-selected={i === active}>
                  <button
                    type="button"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(p._id)}
                    onMouseEnter={() => setActive(i)}
                    className={cn(
                      'flex w-full items-center gap-3 px-3 py-2 text-left',
                      i === active && 'bg-secondary',
                    )}
                  >
                    <img
                      src={p.imageUrls[0]?.imageUrl}
                      alt=""
                      className="size-11 rounded-md bg-muted object-cover"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{p.title}</span>
                      <span className="text-xs text-muted-foreground">{p.brand}</span>
                    </span>
                    <span className="text-sm font-semibold text-primary">
                      {formatRupees(p.discountedPrice)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-4 py-3 text-sm text-muted-foreground">
              {results.isFetching ? 'Searching…' : `No pieces match “${q}”`}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
