export * from './read-rows';
export * from './import-images';
export * from './dry-run';
export * from './start-import-apply';
export * from './export-catalogue';
