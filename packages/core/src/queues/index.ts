export * from './names';
export * from './redis';
export * from './jobs';
export * from './job-payloads';
export * from './pipeline';
export * from './quiet-queue';
