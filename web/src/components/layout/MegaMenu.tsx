import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/utils';
import { CATALOGUE_MENU, listingLink } from './catalogue-links';

const ART: Record<string, string> = {
  'all-jewellery': '/media/art/necklace-gold-a.svg',
  gold: '/media/art/jhumka-gold-a.svg',
  diamond: '/media/art/ring-diamond-a.svg',
  'best-sellers': '/media/art/bangle-rose-a.svg',
  wedding: '/media/art/mangalsutra-ruby-a.svg',
};

/** Desktop mega-menu tabs: hover or click opens a panel of sections; Escape closes it. */
export function MegaMenu() {
  const [open, setOpen] = useState<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(null);
    const onClick = (e: MouseEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, []);

  const show = (id: string) => {
    window.clearTimeout(closeTimer.current);
    setOpen(id);
  };
  const hide = () => {
    closeTimer.current = window.setTimeout(() => setOpen(null), 120);
  };

  return (
    <nav
      ref={navRef}
      className="relative hidden border-t border-border/70 lg:block"
      aria-label="Catalogue"
      onMouseLeave={hide}
    >
      <ul className="mx-auto flex max-w-7xl justify-center gap-2 px-4">
        {CATALOGUE_MENU.map((top) => (
          <li key={top.id} onMouseEnter={() => show(top.id)}>
            <button
              type="button"
              aria-expanded={open === top.id}
              aria-controls={`mega-${top.id}`}
              // Hover already opened it for a mouse; a click (or Enter) must open, never toggle shut.
              onClick={() => setOpen(top.id)}
              className={cn(
                'flex items-center gap-1 border-b-2 border-transparent px-4 py-3 text-[13px] font-medium tracking-[0.14em] uppercase transition-colors hover:text-primary',
                open === top.id && 'border-gold text-primary',
              )}
            >
              {top.name}
              <ChevronDown
                className={cn('size-3.5 transition-transform', open === top.id && 'rotate-180')}
                aria-hidden
              />
            </button>
            {/* The panel follows its tab in the DOM, so keyboard focus moves straight into it. */}
            <div
              id={`mega-${top.id}`}
              hidden={open !== top.id}
              onMouseEnter={() => show(top.id)}
              className="absolute inset-x-0 top-full z-40 border-t border-b bg-card shadow-xl"
            >
              <div className="mx-auto grid max-w-7xl grid-cols-[repeat(4,minmax(0,1fr))_15rem] gap-8 px-8 py-8">
                {top.sections.map((section) => (
                  <div key={section.id}>
                    <h3 className="mb-3 font-serif text-lg text-primary">{section.name}</h3>
                    <ul className="space-y-1.5 text-sm">
                      {section.items.map((item) => (
                        <li key={item.id}>
                          <Link
                            {...listingLink(top.id, section.id, item.id)}
                            onClick={() => setOpen(null)}
                            className="text-foreground/80 hover:text-primary hover:underline underline-offset-4"
                          >
                            {item.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
                <div className="col-start-5 overflow-hidden rounded-lg bg-secondary">
                  <img
                    src={ART[top.id]}
                    alt=""
                    className="aspect-square w-full object-cover"
                    loading="lazy"
                  />
                  <p className="px-3 py-2 text-center font-serif text-base text-primary">
                    {top.name}
                  </p>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </nav>
  );
}
