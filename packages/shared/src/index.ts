export * from './catalog/options';
export * from './catalog/menu';
export * from './catalog/listing';
export * from './catalog/offers';
export * from './catalog/offer-prices';
export * from './catalog/range-filter';
export * from './catalog/measure';
export * from './catalog/product-input';
export * from './catalog/stock-edit';
export * from './catalog/opening-size';
export * from './catalog/queries';
export * from './catalog/suggest-categories';
export * from './money/price';
export * from './money/typed-amount';
export * from './dates/india-time';
export * from './auth/messages';
export * from './auth/schemas';
export * from './account/address';
export * from './account/courier-address';
export * from './account/indian-states';
export * from './account/normalise-address';
export * from './account/users';
export * from './orders/status';
export * from './orders/schemas';
export * from './orders/moves';
export * from './orders/growth';
export * from './orders/events';
export * from './reviews/schemas';
export * from './reviews/average';
export * from './cart/schemas';
export * from './cart/totals';
export * from './validation/db-values';
export * from './validation/examples';
export * from './navigation/return-path';
// Answer shapes: the OpenAPI document's schemas and core's view types.
export * from './catalog/views';
export * from './catalog/bulk-edit';
export * from './reviews/views';
export * from './cart/views';
export * from './wishlist/views';
export * from './account/views';
export * from './auth/views';
export * from './auth/password-schemas';
export * from './stock-alerts/schemas';
export * from './orders/views';
export * from './orders/admin-list';
export * from './orders/admin-detail';
// The catalogue's own product drawings: pure SVG text, served by the server and named by the seed.
export * from './media/jewel-art';
export * from './pages/schemas';
export * from './pages/views';
export * from './pages/page-text';
export * from './pricing/index';
export * from './web/server-render';
// Selling in India: hallmark and HUID, size guides, stones and disclosure, GST invoices.
export * from './hallmark/hallmark';
export * from './size-guide/size-tables';
export * from './stones/origins';
export * from './stones/stones';
export * from './invoices/gst';
export * from './reports/report-schemas';
export * from './rate-alerts/schemas';
// Operating the shop: the admin Messages and System pages.
export * from './system/admin-messages';
export * from './system/admin-system';
export * from './system/dead-letters';
// Delivery: PIN and state agree, the delivery promise's shape and wording.
export * from './delivery/pin-state';
export * from './delivery/promise';
export * from './shipments/carriers';
// The owner's catalogue as a file: import and export in one column set.
export * from './catalogue/columns';
export * from './catalogue/views';
// Old-gold exchange and store credit; returns and exchanges of orders.
export * from './exchange/old-gold';
export * from './returns/returns';
export * from './schemes/schemas';
export * from './schemes/instalment-rule';
