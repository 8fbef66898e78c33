import type { ComponentProps, ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** A column's heading: its text, or its text with the class that sizes, aligns or hides it. */
export type Heading = string | { label: ReactNode; className?: string };

/** A heading whose column holds figures, aligned right. */
export const figures = (label: string): Heading => ({ label, className: 'text-right' });

/**
 * The admin's list table: one row of headings over the rows given. The table's own props
 * (test id, class) pass through.
 */
export function HeadedTable({
  heads,
  children,
  ...table
}: ComponentProps<typeof Table> & { heads: Heading[] }) {
  return (
    <Table {...table}>
      <TableHeader>
        <TableRow>
          {heads.map((head, i) =>
            typeof head === 'string' ? (
              <TableHead key={i}>{head}</TableHead>
            ) : (
              <TableHead key={i} className={head.className}>
                {head.label}
              </TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
