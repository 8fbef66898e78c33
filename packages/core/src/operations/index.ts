export * from './request-context';
export * from './logger';
export * from './metrics-collectors';
export * from './metrics-endpoint';
