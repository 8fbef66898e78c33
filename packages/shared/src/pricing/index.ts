export * from './purities';
export * from './breakup';
export * from './schemas';
export * from './size-breakup';
export * from './repricing-words';
