import { STONE_ORIGINS } from '@kanak/shared';

const LABELS = { natural: 'Natural', 'laboratory-grown': 'Laboratory-grown' } as const;

/** The listing's stone origin filter: natural or laboratory-grown (one at a time). */
export function OriginFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (origin: string | undefined) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium">Diamonds and gemstones</legend>
      <div className="flex flex-wrap gap-2">
        {STONE_ORIGINS.map((origin) => (
          <button
            key={origin}
            type="button"
            aria-pressed={value === origin}
            onClick={() => onChange(value === origin ? undefined : origin)}
            className="rounded-full border px-3 py-1 text-sm aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {LABELS[origin]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
