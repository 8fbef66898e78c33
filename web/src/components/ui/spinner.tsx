import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';

function Spinner({
  className,
  label = 'Loading',
  ...props
}: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <Loader2Icon
      role="status"
      aria-label={label}
      className={cn('size-6 animate-spin text-primary', className)}
      {...props}
    />
  );
}

export { Spinner };
