// A crash test's worker process: the production worker (runWorkerProcess) with fault points that
// hold it where the test then kills or signals it. The holds are events the test waits on (a line
// printed, a state in the database), not delays. Started by startWorkerProcess({ faults }).
import type { QueueName } from '@kanak/core';
import type { WorkerFaults } from '../../../server/test/pipeline-support';
import type { FaultPoints } from '../../src/processors';
import { runWorkerProcess } from '../../src/process';

const faults = JSON.parse(process.env.KANAK_TEST_FAULTS ?? '{}') as WorkerFaults;

/** Never resolves: the test kills the process while it waits here. */
const untilKilled = () => new Promise<void>(() => undefined);
/** Resolves when the process is asked to stop, so the running job finishes in its drain. */
const untilSigterm = () => new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
/** One line per hold: the test waits for it (`fault point: holding …`). */
const announce = (what: string) => console.log(`fault point: holding ${what}`);

const points: FaultPoints = {};
if (faults.holdAck) {
  const { queues, after = 0, until } = faults.holdAck;
  let passed = 0;
  points.beforeAck = async (queue: QueueName) => {
    if (!queues.includes(queue)) return;
    if (passed < after) {
      passed++;
      return;
    }
    announce(`one ${queue} job before its acknowledgement`);
    await (until === 'SIGTERM' ? untilSigterm() : untilKilled());
  };
}
if (faults.holdRefundRecord)
  points.beforeRefundRecord = async () => {
    announce('a refund the provider answered, before its record');
    await untilKilled();
  };
if (faults.holdImportAfterBatches !== undefined) {
  let batches = 0;
  points.afterImportBatch = async () => {
    if (++batches < faults.holdImportAfterBatches!) return;
    announce(`the import after ${batches} batches`);
    await untilKilled();
  };
}

runWorkerProcess(points);
