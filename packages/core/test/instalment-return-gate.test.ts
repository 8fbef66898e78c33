// An instalment's payment return is judged on the clock the server passes in: a link is open
// until its expiry and grace have passed, then the return is refused and nothing is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  instalmentJobKey,
  LINK_GRACE_MS,
  requestInstalmentConfirmation,
  type PaymentReturnDeps,
} from '@kanak/core';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { insertEnrolment, expectRefusal, newCustomer } from './support';

describe('an instalment return and its link expiry', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const EXPIRES = new Date('2026-11-07T12:00:00Z').getTime();
  // Redis "down": a kept return is written to the outbox and answered at once, unapplied.
  const at = (ms: number): PaymentReturnDeps => ({
    db: db(),
    relay: { wake: () => undefined, connected: () => false },
    waitMs: 0,
    limits: NO_LIMITS,
    clock: () => new Date(ms),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function openLink(tag: string) {
    const user = await newCustomer(db(), tag);
    const { id: enrolmentId } = await insertEnrolment(db(), user.id, {
      holderName: 'Test Holder',
      state: 'PENDING',
    });
    const linkId = `plink_gate_${enrolmentId}`;
    await db()
      .insertInto('scheme_payments')
      .values({
        enrolment_id: enrolmentId,
        n: 1,
        provider: 'sandbox',
        payment_link_id: linkId,
        payment_link_url: 'http://unused.test',
        status: 'CREATED',
        amount: 1000,
        expires_at: new Date(EXPIRES),
      })
      .execute();
    return { user, enrolmentId: enrolmentId, linkId };
  }

  const kept = async (enrolmentId: string, paymentId: string) =>
    (
      await db()
        .selectFrom('outbox')
        .select('id')
        .where('job_key', '=', instalmentJobKey(enrolmentId, paymentId))
        .execute()
    ).length;

  it('refuses a return after the grace, writing nothing, and keeps one within it', async () => {
    const { user, enrolmentId, linkId } = await openLink('gate');
    const ret = { enrolmentId, paymentId: 'pay_gate_1', paymentLinkId: linkId };
    const caller = { address: '127.0.0.1', user };
    await expectRefusal(
      requestInstalmentConfirmation(at(EXPIRES + LINK_GRACE_MS + 1000), ret, caller),
      'CONFLICT',
      'This payment link has expired: open the scheme and pay with a new link',
    );
    expect(await kept(enrolmentId, ret.paymentId)).toBe(0);
    expect(
      await requestInstalmentConfirmation(at(EXPIRES + LINK_GRACE_MS - 1000), ret, caller),
    ).toBeNull();
    expect(await kept(enrolmentId, ret.paymentId)).toBe(1);
  });
});
