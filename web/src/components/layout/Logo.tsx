import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/utils';

export const BRAND = 'Kanak';

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn('flex items-center gap-2 shrink-0', className)}
      aria-label="Kanak Jewellers home"
    >
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className="font-serif text-2xl font-bold leading-none text-primary">
        Kanak<span className="hidden sm:inline font-semibold text-gold"> Jewellers</span>
      </span>
    </Link>
  );
}
