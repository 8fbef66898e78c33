export * from './outbox';
export * from './relay';
export * from './deps';
export * from './submit';
