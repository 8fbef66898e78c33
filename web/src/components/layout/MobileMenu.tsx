import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

// The drawer (and the dialog library under it) loads when first opened: most visits never open it.
const MobileMenuDrawer = lazy(() => import('./MobileMenuDrawer'));

/** Mobile menu button; the drawer is built from the same catalogue as the mega-menu. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="rounded-full p-2 hover:bg-secondary lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        data-replay="menu"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" />
      </button>
      {wanted && (
        <Suspense>
          <MobileMenuDrawer open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
