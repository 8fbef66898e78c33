export * from './provider';
export * from './providers';
