// The worker process as production runs it (main.ts imports it after tracing starts).
import { runWorkerProcess } from './process';

runWorkerProcess();
