export * from './rate-alerts';
