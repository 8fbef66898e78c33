export * from './action-limits';
export * from './retry-after';
export * from './redis-limiter';
export * from './address-key';
export * from './wait-text';
