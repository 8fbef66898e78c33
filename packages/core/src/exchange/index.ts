export * from './old-gold-estimate';
export * from './store-credit';
export * from './exchange-requests';
export * from './exchange-wording';
