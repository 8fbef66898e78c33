export * from './kinds';
export * from './queue-notification';
