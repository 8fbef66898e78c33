import { Queue } from 'bullmq';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';
import { QUEUE_BOARD_PATH } from '../admin/queue-board.rest';
import type { AppServices } from '../services';

/**
 * The pipeline's queues plus the worker's mail queue, which the server never produces to: a
 * handle made once per app (it only counts jobs, over the queues' fail-fast connection).
 */
const queuesByApp = new WeakMap<AppServices, Queue[]>();
function queuesOf(services: AppServices): Queue[] {
  let queues = queuesByApp.get(services);
  if (!queues) {
    const named = services.pipeline.byName;
    const mails =
      named[core.QUEUES.notifications] ??
      core.quietQueue(
        new Queue(core.QUEUES.notifications, {
          connection: services.queueRedis,
          prefix: services.config.QUEUE_PREFIX,
        }),
      );
    queues = [...Object.values(named).filter((queue) => queue !== undefined), mails].filter(
      (queue, index, all) => all.indexOf(queue) === index,
    );
    queuesByApp.set(services, queues);
  }
  return queues;
}

export const systemApi = {
  status: query('admin', {
    input: noInput,
    output: shared.adminSystemView,
    summary:
      'PostgreSQL and Redis health, worker heartbeats, queue depths, outbox backlog and mails pending; a dependency that is down shows as down',
    run: ({ services }) =>
      core.readSystemStatus({
        db: services.db,
        redis: services.requestRedis,
        prefix: services.config.QUEUE_PREFIX,
        queues: queuesOf(services),
        timeoutMs: services.config.HEALTH_CHECK_TIMEOUT_MS,
        queueBoardPath: QUEUE_BOARD_PATH,
        paymentProviders: () => services.paymentProviders.states(),
      }),
    rest: [{ method: 'GET', path: '/api/admin/system' }],
  }),
  deadLetters: query('admin', {
    input: noInput,
    output: shared.deadLettersView,
    summary:
      'Jobs that failed after their last attempt for a reason other than an outage: open ones with their queue, order, reason and time, and the last resolved',
    run: ({ services }) => core.listDeadLetters(services.db),
    rest: [{ method: 'GET', path: '/api/admin/system/dead-letters' }],
  }),
  retryDeadLetter: mutation('admin', {
    input: shared.deadLetterRefInput,
    output: shared.deadLetterRow,
    summary:
      'Runs a dead-lettered job again (an outbox job through its row), recorded as retried by the admin; 409 once retried or dismissed',
    run: ({ services, user }, input) =>
      core.retryDeadLetter(
        { db: services.db, queues: queuesOf(services), relay: services.relay },
        user.id,
        input.deadLetterId,
      ),
    rest: [{ method: 'POST', path: '/api/admin/system/dead-letters/:deadLetterId/retry' }],
  }),
  dismissDeadLetter: mutation('admin', {
    input: shared.deadLetterRefInput,
    output: shared.deadLetterRow,
    summary:
      'Dismisses a dead-lettered job (kept, recorded as dismissed by the admin); 409 once retried or dismissed',
    run: ({ services, user }, input) =>
      core.dismissDeadLetter(services.db, user.id, input.deadLetterId),
    rest: [{ method: 'POST', path: '/api/admin/system/dead-letters/:deadLetterId/dismiss' }],
  }),
};
