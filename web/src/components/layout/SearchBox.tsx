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

type Option =
  | { kind: 'product'; id: string; title: string; imageUrl: string | null; price: number }
  | { kind: 'category'; id: string; label: string; path: string };

/**
 * Header search: as the shopper types (debounced), a few matching pieces and listing pages
 * (catalog.suggest, answered from the title index); arrows move through them and Enter opens the
 * highlighted one; Enter on the text itself opens /search?q=… with every match. Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // -1: no suggestion picked with the arrows, so Enter searches for the text.
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), 200);
  const listId = useId();
  const navigate = useNavigate();
  const results = trpc.catalog.suggest.useQuery(
    { q, limit: 6 },
    { enabled: q.length >= 2, placeholderData: (prev) => prev },
  );
  const items: Option[] =
    q.length >= 2 && results.data
      ? [
          ...results.data.products.map((p) => ({
            kind: 'product' as const,
            id: p._id,
            title: p.title,
            imageUrl: p.imageUrl,
            price: p.discountedPrice,
          })),
          ...results.data.categories.map((c) => ({
            kind: 'category' as const,
            id: c.path,
            label: c.label,
            path: c.path,
          })),
        ]
      : [];
  const optionId = (i: number) => `${listId}-${i}`;
  const expanded = open && items.length > 0;

  const go = (option: Option) => {
    setOpen(false);
    setText('');
    if (option.kind === 'product')
      void navigate({ to: '/product/$productId', params: { productId: option.id } });
    else {
      const [levelOne = '', levelTwo = '', levelThree = ''] = option.path.split('/').slice(1);
      void navigate({
        to: '/$levelOne/$levelTwo/$levelThree',
        params: { levelOne, levelTwo, levelThree },
      });
    }
  };

  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        // A suggestion picked with the arrows opens; otherwise Enter shows every match.
        const pick = expanded ? items[active] : undefined;
        if (pick) return go(pick);
        const typed = text.trim();
        if (!typed) return;
        setOpen(false);
        void navigate({ to: '/search', search: { q: typed } });
      }}
    >
      <label className="relative block">
        <span className="sr-only">Search jewellery</span>
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          value={text}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-autocomplete="list"
          placeholder="Search rings, jhumkas, gold chains…"
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.max(0, Math.min(items.length - 1, a + 1)));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(-1, a - 1));
            } else if (e.key === 'Escape') setOpen(false);
          }}
          className="h-10 w-full rounded-full border border-input bg-card pr-4 pl-10 text-sm shadow-xs outline-none [&::-webkit-search-cancel-button]:appearance-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
        />
      </label>
      {open && q.length >= 2 && (
        <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-lg border bg-popover shadow-xl">
          {items.length ? (
            <ul id={listId} role="listbox" aria-label="Search results">
              {items.map((option, i) => (
                <li
                  key={`${option.kind}-${option.id}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                >
                  <button
                    type="button"
                    tabIndex={-1}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(option)}
                    onMouseEnter={() => setActive(i)}
                    className={cn(
                      'flex w-full items-center gap-3 px-3 py-2 text-left',
                      i === active && 'bg-secondary',
                    )}
                  >
                    {option.kind === 'product' ? (
                      <>
                        <img
                          src={option.imageUrl ?? undefined}
                          alt=""
                          width={44}
                          height={44}
                          className="size-11 rounded-md bg-muted object-cover"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium">{option.title}</span>
                        </span>
                        <span className="text-sm font-semibold text-primary">
                          {formatRupees(option.price)}
                        </span>
                      </>
                    ) : (
                      <>
                        <span className="grid size-11 place-items-center rounded-md bg-muted">
                          <Search className="size-4 text-muted-foreground" />
                        </span>
                        <span className="min-w-0 flex-1 text-sm">
                          <span className="font-medium">{option.label}</span>
                          <span className="text-muted-foreground"> · all designs</span>
                        </span>
                      </>
                    )}
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
