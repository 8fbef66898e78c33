export * from './ship-request';
export * from './record-shipment';
export * from './shipment-views';
export * from './carrier-settings';
export * from './manifest';
export * from './manifest-pdf';
export * from './packing-slip-pdf';
