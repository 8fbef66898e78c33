// The worker container's healthcheck (`node dist/worker/healthcheck.js`): exit 0 when the
// heartbeat file is fresh, 1 otherwise, with one line saying why.
import { heartbeatAge, heartbeatFile, HEARTBEAT_MAX_AGE_MS } from './health';

const file = heartbeatFile();
if (!file) {
  console.error('WORKER_HEARTBEAT_FILE is not set: the worker keeps no heartbeat to check');
  process.exit(1);
}
const age = await heartbeatAge(file);
if (age === null) {
  console.error(`no heartbeat yet at ${file}`);
  process.exit(1);
}
if (age > HEARTBEAT_MAX_AGE_MS) {
  console.error(
    `last heartbeat ${Math.round(age / 1000)} s ago (more than ${HEARTBEAT_MAX_AGE_MS / 1000} s)`,
  );
  process.exit(1);
}
console.log(`alive: last heartbeat ${Math.round(age / 1000)} s ago`);
