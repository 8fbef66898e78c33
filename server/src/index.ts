export type { AppRouter } from './trpc/router';
export { buildApp } from './app';
export { loadConfig, type Config } from './config';
