export * from './read-rows';
export * from './import-images';
export * from './dry-run';
export * from './apply-import';
export * from './export-catalogue';
