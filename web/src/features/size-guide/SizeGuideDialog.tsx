import { Ruler } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SizeGuideKind } from '@kanak/shared';
import { Button } from '@/components/ui/button';

// The dialog (and the dialog library under it) loads when first opened: most visits never open it.
const SizeGuideContent = lazy(() => import('./SizeGuideContent'));

/** The product page's "Size guide" for rings and bangles: the table, how to measure, a finder. */
export function SizeGuideDialog({ kind }: { kind: SizeGuideKind }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="link"
        className="h-auto px-0"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Ruler aria-hidden /> Size guide
      </Button>
      {wanted && (
        <Suspense>
          <SizeGuideContent kind={kind} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
