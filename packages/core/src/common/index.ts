export * from './errors';
export * from './deadline';
export * from './ids';
export * from './clock';
export * from './lazy';
export * from './refund-purpose';
export * from './pdf-bytes';
export * from './lock-order';
