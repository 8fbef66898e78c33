export * from './product-stones';
