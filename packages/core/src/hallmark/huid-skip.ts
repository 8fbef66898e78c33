/**
 * The start of a ship event's note when a shop that is not in production shipped hallmarked
 * gold without its HUIDs: the invoice finds the reason there and prints it.
 */
export const HUID_SKIP_NOTE = 'Shipped without HUIDs (not a production shop): ';
