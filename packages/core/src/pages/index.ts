export * from './get-page';
export * from './admin-pages';
