export * from './current-rates';
export * from './publish-rates';
export * from './repricing-progress';
export * from './run-repricing';
export * from './product-pricing';
export { repriceStatement, sizePricesSql } from './reprice-sql';
export * from './line-quote';
export * from './below-minimum';
