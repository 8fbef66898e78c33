import { describe, expect, it } from 'vitest';
import {
  BadJobPayload,
  JOBS,
  outboxRefOf,
  parseConfirmationJob,
  parseJob,
  traceOf,
} from './job-payloads';

const ref = { outboxId: 7, generation: 0 };

describe('parseJob', () => {
  it('reads a payload written before versions, and one of the current version', () => {
    const move = { orderId: 'o-1', to: 'SHIPPED', actorUserId: 'a-1', ...ref };
    expect(parseJob(JOBS.orderMove, move)).toMatchObject(move);
    expect(parseJob(JOBS.orderMove, { ...move, v: 1, requestId: 'req-1' })).toMatchObject({
      requestId: 'req-1',
      v: 1,
    });
  });

  it('refuses a payload of the wrong shape, naming the job and the field, as a dead letter', () => {
    const bad = () => parseJob(JOBS.refund, { refundId: 'r-1', attempt: 'first', ...ref });
    expect(bad).toThrow(BadJobPayload);
    expect(bad).toThrow(/refund v1 payload refused/);
    expect(bad).toThrow(/attempt/);
    try {
      bad();
    } catch (error) {
      // BullMQ fails it without retrying, and the worker dead-letters it (a refusal it does not).
      expect((error as Error).name).toBe('BadJobPayload');
    }
  });

  it('refuses a relayed job without its outbox reference', () => {
    expect(() => parseJob(JOBS.bulkEdit, { bulkEditId: 'b-1' })).toThrow(/outboxId/);
  });

  it('refuses a version newer than the worker reads', () => {
    expect(() => parseJob(JOBS.metalRepricing, { publicationId: 3, v: 2, ...ref })).toThrow(
      'metal-repricing payload of version 2: this worker reads up to version 1',
    );
  });

  it('reads a mail job, which carries no outbox reference', () => {
    expect(parseJob(JOBS.notification, { notificationId: 12 })).toEqual({ notificationId: 12 });
    expect(() => parseJob(JOBS.notification, { notificationId: -1 })).toThrow(BadJobPayload);
  });
});

describe('parseConfirmationJob', () => {
  it("reads an order's job (no kind, as queued before instalments) and an instalment's", () => {
    const order = { orderId: 'o-1', paymentId: 'pay_1', source: 'return', ...ref };
    expect(parseConfirmationJob(order)).toEqual(order);
    expect(parseConfirmationJob({ ...order, kind: 'order' })).toEqual(order);
    const instalment = {
      kind: 'scheme',
      enrolmentId: 'e-1',
      paymentId: 'pay_2',
      source: 'webhook',
      provider: 'razorpay',
      ...ref,
    };
    expect(parseConfirmationJob(instalment)).toEqual(instalment);
  });

  it('refuses a kind it does not know, and each kind missing its own fields', () => {
    const base = { paymentId: 'pay_1', source: 'return', ...ref };
    expect(() => parseConfirmationJob({ ...base, orderId: 'o-1', kind: 'gift' })).toThrow(
      BadJobPayload,
    );
    expect(() => parseConfirmationJob({ ...base, kind: 'scheme', orderId: 'o-1' })).toThrow(
      /instalment-confirmation v1 payload refused/,
    );
    expect(() => parseConfirmationJob({ ...base, enrolmentId: 'e-1' })).toThrow(
      /payment-confirmation v1 payload refused/,
    );
  });
});

describe('what the worker reads of any job', () => {
  it('finds the outbox reference and the trace only when well formed', () => {
    expect(outboxRefOf({ ...ref, other: 1 })).toEqual(ref);
    expect(outboxRefOf({ outboxId: '7', generation: 0 })).toBeNull();
    expect(outboxRefOf(null)).toBeNull();
    expect(traceOf({ requestId: 'req-9', traceparent: 'tp' })).toEqual({
      requestId: 'req-9',
      traceparent: 'tp',
    });
    expect(traceOf({ requestId: 9 })).toEqual({});
    expect(traceOf(undefined)).toEqual({});
  });
});
