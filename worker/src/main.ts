import { loadWorkerConfig } from './config';
import { startWorker } from './worker';

const worker = startWorker(loadWorkerConfig());
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing running jobs, then stopping`);
  await worker.close();
  console.log(
    `stopped: done=${worker.counts.completed} failed=${worker.counts.failed} dead=${worker.counts.deadLettered}`,
  );
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
