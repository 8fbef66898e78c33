export { startWorker, type RunningWorker } from './worker';
export { loadWorkerConfig, type WorkerConfig } from './config';
