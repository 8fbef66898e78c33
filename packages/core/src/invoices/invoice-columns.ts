import { taxableOf } from '@kanak/shared';
import type { InvoiceLine } from './invoice-document';

/**
 * The money columns an invoice prints for a line, in whole rupees, GST excluded. They add up as
 * printed: gross = metal + making + stones (metal-priced) and taxable = gross − discount, where
 * making is before its discount and the discount is the one on making (an earlier invoice
 * printed making net of its discount and the discount beside it, so the row did not add up).
 */
export interface InvoiceColumns {
  metal: number | null;
  making: number | null;
  stones: number | null;
  gross: number;
  discount: number;
  taxable: number;
}

/**
 * A line's printed columns. Documents numbered before the invoice columns changed are fixed records that held
 * making net of its discount and a fixed price's discount GST included: they are read as the
 * same amounts in today's columns (nothing they total changes).
 */
export function invoiceColumns(line: InvoiceLine): InvoiceColumns {
  if (line.gross !== undefined)
    return {
      metal: line.metalValue,
      making: line.making,
      stones: line.stones,
      gross: line.gross,
      discount: line.discount,
      taxable: line.taxable,
    };
  if (line.metalValue !== null) {
    const making = (line.making ?? 0) + line.discount;
    return {
      metal: line.metalValue,
      making,
      stones: line.stones,
      gross: line.metalValue + making + (line.stones ?? 0),
      discount: line.discount,
      taxable: line.taxable,
    };
  }
  const gross = Math.max(line.taxable, taxableOf(line.total + line.discount));
  return {
    metal: null,
    making: null,
    stones: null,
    gross,
    discount: gross - line.taxable,
    taxable: line.taxable,
  };
}

/** Each column summed over the lines; a metal column none of the lines has stays null. */
export function columnTotals(columns: readonly InvoiceColumns[]): InvoiceColumns {
  const sum = (pick: (c: InvoiceColumns) => number | null) => {
    const values = columns.map(pick).filter((v): v is number => v !== null);
    return values.length ? values.reduce((a, b) => a + b, 0) : null;
  };
  return {
    metal: sum((c) => c.metal),
    making: sum((c) => c.making),
    stones: sum((c) => c.stones),
    gross: sum((c) => c.gross) ?? 0,
    discount: sum((c) => c.discount) ?? 0,
    taxable: sum((c) => c.taxable) ?? 0,
  };
}
