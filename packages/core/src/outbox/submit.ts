import type { RelayedJob } from '../queues';
import { waitForOutboxOutcome, writeOutbox, type OutboxIntent, type OutboxRef } from './outbox';
import type { OutboxDeps } from './deps';

/**
 * Writes the intent (durable from here on), wakes the relay and waits a bounded time for the
 * worker's outcome. With Redis unreachable nothing can be applied meanwhile, so it answers at
 * once: the row is relayed when Redis is back.
 */
export async function submitAndWait<T, J extends RelayedJob = RelayedJob>(
  deps: OutboxDeps,
  intent: OutboxIntent<J>,
): Promise<{ ref: OutboxRef; outcome: T | null }> {
  const ref = await writeOutbox(deps.db, intent);
  deps.relay.wake();
  const outcome = deps.relay.connected()
    ? await waitForOutboxOutcome<T>(deps.db, { ref, timeoutMs: deps.waitMs })
    : null;
  return { ref, outcome };
}
