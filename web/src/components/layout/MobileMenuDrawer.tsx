import type { RefObject } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { TitledSheet } from '@/components/ui/sheet';
import { CATALOGUE_MENU, listingLink } from './catalogue-links';

/** The mobile drawer's content, built from the same catalogue as the mega-menu. */
export default function MobileMenuDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: the drawer has no trigger of its own to give focus back to. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const setOpen = onOpenChange;
  return (
    <TitledSheet
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      className="w-[85vw] max-w-sm gap-0 p-0"
      returnFocusTo={returnFocusTo}
      headerClassName="border-b"
      titleClassName="text-primary"
      title="Shop Jewellery"
      descriptionClassName="sr-only"
      description="Browse the catalogue by collection and category"
    >
      <nav aria-label="Catalogue" className="divide-y">
        {CATALOGUE_MENU.map((top) => (
          <details key={top.id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3.5 text-sm font-medium tracking-[0.12em] uppercase [&::-webkit-details-marker]:hidden">
              {top.name}
              <ChevronDown
                className="size-4 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <div className="space-y-4 bg-secondary/50 px-5 py-4">
              {top.sections.map((section) => (
                <div key={section.id}>
                  <p className="mb-1.5 font-serif text-base text-primary">{section.name}</p>
                  <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
                    {section.items.map((item) => (
                      <li key={item.id}>
                        <Link
                          {...listingLink(top.id, section.id, item.id)}
                          onClick={() => setOpen(false)}
                          className="block py-0.5 hover:text-primary"
                        >
                          {item.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </details>
        ))}
      </nav>
    </TitledSheet>
  );
}
