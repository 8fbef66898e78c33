import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { cn } from '@/lib/utils';

/**
 * The shop's breadcrumb trail: Home, then the crumbs given. `nowrap` keeps it on one line, the
 * crumbs after Home giving way (a trail that wrapped until the web font arrived made the page jump).
 */
export function HomeTrail({
  className,
  nowrap = false,
  children,
}: {
  className?: string;
  nowrap?: boolean;
  children: ReactNode;
}) {
  return (
    <Breadcrumb className={className}>
      <BreadcrumbList className={cn(nowrap && 'flex-nowrap')}>
        <BreadcrumbItem className={cn(nowrap && 'shrink-0')}>
          <BreadcrumbLink asChild>
            <Link to="/">Home</Link>
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator />
        {children}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
