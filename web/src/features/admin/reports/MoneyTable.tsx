import type { ReactNode } from 'react';
import { figures, HeadedTable } from '../shared/HeadedTable';

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
      <HeadedTable heads={[...heads, figures('Received'), figures('Refunded'), figures('Owed')]}>
        {children}
      </HeadedTable>
      {note}
    </div>
  );
}
