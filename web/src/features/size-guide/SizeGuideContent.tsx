import { useId, useState, type RefObject } from 'react';
import {
  BANGLE_SIZES,
  findBangleSize,
  findRingSize,
  RING_SIZES,
  type Measurement,
  type SizeGuideKind,
} from '@kanak/shared';
import { TitledDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const HOW_TO: Record<SizeGuideKind, string[]> = {
  ring: [
    'Wrap a thread or a thin strip of paper snugly round the base of the finger.',
    'Mark where it meets, lay it flat and measure the length in mm: that is the circumference.',
    'Or measure across the inside of a ring that fits you well: that is its inner diameter.',
    'Measure at the end of the day (fingers are larger then); between two sizes, take the larger.',
  ],
  bangle: [
    'Bring thumb and little finger together, as when slipping a bangle on.',
    'Wrap a thread round the widest part of the hand, mark it and measure the length in mm.',
    'Or measure across the inside of a bangle that fits you: that is its inner diameter.',
  ],
};

/** "Find my size": a measurement in mm → the Indian size. */
function SizeFinder({ kind }: { kind: SizeGuideKind }) {
  const id = useId();
  const [measured, setMeasured] = useState<Measurement>('circumference');
  const [text, setText] = useState('');
  const mm = Number(text.replace(',', '.'));
  const found =
    text.trim() === '' || !(mm > 0)
      ? undefined
      : kind === 'ring'
        ? findRingSize(mm, measured)
        : findBangleSize(mm, measured);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border bg-secondary/40 p-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Find my size
      </h3>
      <fieldset className="mt-2 flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">What did you measure?</legend>
        {(['circumference', 'diameter'] as const).map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-measured`}
              value={m}
              checked={measured === m}
              onChange={() => setMeasured(m)}
            />
            {m === 'circumference'
              ? kind === 'ring'
                ? 'Round my finger (circumference)'
                : 'Round my hand (circumference)'
              : kind === 'ring'
                ? 'Across a ring (inner diameter)'
                : 'Across a bangle (inner diameter)'}
          </label>
        ))}
      </fieldset>
      <div className="mt-3 flex items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-mm`}>Measurement in mm</Label>
          <Input
            id={`${id}-mm`}
            inputMode="decimal"
            className="w-36"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={measured === 'circumference' ? '54.4' : '17.3'}
          />
        </div>
        <p role="status" aria-live="polite" className="pb-2 text-sm font-medium">
          {found === undefined
            ? ''
            : found === null
              ? 'No standard size is that close: please measure again.'
              : kind === 'ring'
                ? `Your ring size is ${(found as { size: number }).size}`
                : `Your bangle size is ${(found as { size: string }).size}`}
        </p>
      </div>
    </section>
  );
}

function SizeTable({ kind }: { kind: SizeGuideKind }) {
  return (
    <div
      className="max-h-64 overflow-y-auto rounded-md border"
      tabIndex={0}
      aria-label="Size table"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          {kind === 'ring' ? 'Indian ring sizes' : 'Indian bangle sizes'} in millimetres
        </caption>
        <thead className="sticky top-0 bg-card">
          <tr className="text-left">
            <th className="px-3 py-2">Size</th>
            <th className="px-3 py-2">Inner diameter</th>
            <th className="px-3 py-2">Inner circumference</th>
          </tr>
        </thead>
        <tbody>
          {kind === 'ring'
            ? RING_SIZES.map((r) => (
                <tr key={r.size} className="border-t">
                  <td className="px-3 py-1.5">{r.size}</td>
                  <td className="px-3 py-1.5">{r.diameterMm.toFixed(1)} mm</td>
                  <td className="px-3 py-1.5">{r.circumferenceMm.toFixed(1)} mm</td>
                </tr>
              ))
            : BANGLE_SIZES.map((b) => (
                <tr key={b.size} className="border-t">
                  <td className="px-3 py-1.5">{b.size}</td>
                  <td className="px-3 py-1.5">
                    {b.diameterMm.toFixed(1)} mm ({b.inches.toFixed(3).replace(/0+$/, '')}″)
                  </td>
                  <td className="px-3 py-1.5">{b.circumferenceMm.toFixed(1)} mm</td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

/** The size guide's dialog: the table, how to measure, a finder (loaded when first opened). */
export default function SizeGuideContent({
  kind,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  kind: SizeGuideKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Size guide button: the dialog has no trigger of its own to give focus back to. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
      title={kind === 'ring' ? 'Ring size guide' : 'Bangle size guide'}
      description={
        kind === 'ring'
          ? 'Indian ring sizes 1–30 by inner circumference; each size is about 1 mm larger.'
          : 'Bangle size 2.N is an inner diameter of 2 + N/16 inches.'
      }
    >
      <SizeFinder kind={kind} />
      <section aria-label="How to measure">
        <h3 className="text-lg font-semibold">How to measure</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-foreground/80">
          {HOW_TO[kind].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <SizeTable kind={kind} />
    </TitledDialog>
  );
}
