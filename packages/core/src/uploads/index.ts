export * from './image-type';
export * from './uploads';
export * from './image-store';
export * from './local-image-store';
export * from './sanitize-svg';
