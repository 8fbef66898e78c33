import type { ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/**
 * A list of money received, each row ending with what was received, refunded and is still
 * owed of it: the settlement's payment lists and its instalments owed back. `heads` name the
 * columns before those three; `note` stands under the table.
 */
export function MoneyTable({
  heads,
  note,
  children,
}: {
  heads: string[];
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            {heads.map((head) => (
              <TableHead key={head}>{head}</TableHead>
            ))}
            <TableHead className="text-right">Received</TableHead>
            <TableHead className="text-right">Refunded</TableHead>
            <TableHead className="text-right">Owed</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
      {note}
    </div>
  );
}
