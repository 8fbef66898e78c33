import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

const CHECKOUT_STEPS = ['Login', 'Dilivery Address', 'Order Summary', 'Payment'] as const;

/** The four-step bar: Login, Dilivery Address, Order Summary, Payment (spelt as the spec spells it). */
export function CheckoutSteps({ active }: { active: number }) {
  return (
    <ol className="flex items-start justify-between gap-2" aria-label="Checkout progress">
      {CHECKOUT_STEPS.map((label, i) => {
        const done = i < active;
        const current = i === active;
        return (
          <li
            key={label}
            className="relative flex flex-1 flex-col items-center gap-2 text-center"
            aria-current={current ? 'step' : undefined}
          >
            {i > 0 && (
              <span
                className={cn(
                  'absolute top-4 right-1/2 -z-10 h-0.5 w-full',
                  done || current ? 'bg-primary' : 'bg-border',
                )}
                aria-hidden
              />
            )}
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done
                  ? 'border-primary bg-primary text-primary-foreground'
                  : current
                    ? 'border-primary bg-card text-primary'
                    : 'border-border bg-card text-muted-foreground',
              )}
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            <span
              className={cn(
                'text-xs sm:text-sm',
                current ? 'font-semibold text-primary' : 'text-muted-foreground',
              )}
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
