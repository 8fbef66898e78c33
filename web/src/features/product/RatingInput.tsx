import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/utils';

/** Half-star rating (max 5) built on radio inputs, so arrow keys work. */
export function RatingInput({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number) => void;
}) {
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-3">
        <div className="relative flex" onMouseLeave={() => setHover(null)}>
          {Array.from({ length: 5 }, (_, star) => (
            <span key={star} className="relative size-8">
              <Star className="absolute inset-0 size-8 text-border" aria-hidden />
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: `${Math.max(0, Math.min(1, shown - star)) * 100}%` }}
              >
                <Star className="size-8 fill-gold text-gold" aria-hidden />
              </span>
              {[star + 0.5, star + 1].map((step, half) => (
                <label
                  key={step}
                  className={cn(
                    'absolute inset-y-0 z-10 w-1/2 cursor-pointer',
                    half === 0 ? 'left-0' : 'right-0',
                  )}
                  onMouseEnter={() => setHover(step)}
                >
                  <input
                    type="radio"
                    name={name}
                    value={step}
                    checked={value === step}
                    onChange={() => onChange(step)}
                    className="peer sr-only"
                    aria-label={`${step} star${step === 1 ? '' : 's'}`}
                  />
                  <span className="absolute inset-0 rounded-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring" />
                </label>
              ))}
            </span>
          ))}
        </div>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {value ? `${value} / 5` : 'Not rated'}
        </span>
      </div>
    </fieldset>
  );
}
