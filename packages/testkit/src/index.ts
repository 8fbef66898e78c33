export * from './env';
export * from './database';
export * from './server';
export * from './http';
export * from './browser';
export * from './faults';
export * from './limits';
export * from './no-limits';
