import type { InvoiceKind } from '@kanak/db';

/** One line of a tax invoice: one order line (its pieces), amounts in whole rupees. */
export interface InvoiceLine {
  orderItemId: string;
  description: string;
  hsn: string;
  /** BIS purity mark (22K916) or the priced purity; '' for a piece without one (a gemstone). */
  purity: string;
  /** "5 g" per piece, as sold. */
  netWeight: string;
  quantity: number;
  /** Null until the line's stored metal-rate breakup is used (see invoice-lines.ts). */
  ratePerGram: number | null;
  metalValue: number | null;
  /** Making charges before their discount (documents numbered before the invoice columns changed held them net). */
  making: number | null;
  stones: number | null;
  /**
   * The line's value before any discount, GST excluded: metal + making + stones, or a fixed
   * price's taxable part. Absent from documents numbered before the invoice columns changed (see invoice-columns.ts).
   */
  gross?: number;
  /**
   * What the shopper was let off, GST excluded: the discount on making (metal-priced), or the
   * list price's taxable part less the price paid's (fixed price). gross − discount = taxable.
   */
  discount: number;
  taxable: number;
  gst: number;
  /** GST-inclusive, what was paid for the line. */
  total: number;
}

export interface InvoiceParty {
  name: string;
  address: string;
  state: string;
  /** GST state code; '' when the state is not one of the list. */
  stateCode: string;
}

/** What an issued invoice or credit note says, fixed when it is numbered (invoices.document). */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** ISO date-time of issue. */
  issuedAt: string;
  orderId: string;
  orderDate: string;
  buyer: InvoiceParty;
  /** The shipping state (goods delivered: the place of supply is where they go). */
  placeOfSupply: { state: string; stateCode: string };
  lines: InvoiceLine[];
  totals: { taxable: number; gst: number; total: number };
  /** A credit note's invoice, and why it was issued. */
  refersTo?: { number: string; issuedAt: string };
  reason?: string;
}

/** The seller as configured (SELLER_* settings), printed on every document. */
export interface SellerDetails {
  legalName: string;
  address: string;
  state: string;
  stateCode: string;
  gstin: string;
}

/** What is added when the PDF is made: the pieces' HUIDs and the buyer's PAN as recorded then. */
export interface InvoiceExtras {
  huids: Record<string, string[]>;
  pan: string | null;
  /**
   * How it was paid, when a balance paid part or all of it (a savings scheme, store credit):
   * each tender and the link's payment, in rupees. Absent or empty: not printed.
   */
  paidBy?: { label: string; amount: number }[];
  /** A development shop's ship without HUIDs: its reason, printed under the lines. */
  huidNote?: string;
}
