export * from './checkout-options';
export * from './cod-settings';
export * from './cod-availability';
export * from './choose-cod';
export * from './confirm-cod';
export * from './cod-outcome';
export * from './remittances';
