export * from './production-guard';
export * from './env-values';
export * from './shared-env';
export * from './mail-settings';
