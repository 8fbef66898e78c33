// The chaos soak (soak/): two servers and two workers under shopper and admin load while
// PostgreSQL, Redis, a worker, a server and the mail server fail one at a time; then nothing paid
// is lost or doubled, stock adds up, the outbox, queues and mails are drained.
// Two profiles (KANAK_TEST_PROFILE): `pnpm test` runs half a minute of load with short faults
// (and on until five kinds of fault were met); `pnpm test:long` runs 2 minutes with the usual
// ones. `pnpm soak` runs the same code for longer (README, "Chaos soak").
import { expect, it } from 'vitest';
import { testProfile } from '@kanak/testkit';
import { crashed, formatReport } from '../../soak/report';
import { runSoak, soakOptions, type SoakOptions } from '../../soak/soak';

const MIN_FAULT_KINDS = 5;

function profileOptions(): SoakOptions {
  if (testProfile() === 'long') return { ...soakOptions(2), minFaultKinds: MIN_FAULT_KINDS };
  return {
    ...soakOptions(0.5),
    faults: { faultMs: [1500, 2500], recoveryMs: [1500, 3000] },
    minFaultKinds: MIN_FAULT_KINDS,
  };
}

it(`keeps every invariant through faults under load (${testProfile()} profile)`, async () => {
  const report = await runSoak(profileOptions());
  console.info(formatReport(report));
  expect(report.invariants.filter((c) => !c.ok)).toEqual([]);
  expect(report.drain.outstanding).toEqual([]);
  expect(report.orders.lost).toBe(0);
  expect(report.orders.doubled).toBe(0);
  expect(report.requests.unexpected5xx).toBe(0);
  // A server or worker may be stopped from outside (reported); none may crash by itself.
  expect(report.unexpectedExits.filter(crashed)).toEqual([]);
  // The run did exercise the shop: paid orders, and every kind of fault injected and restored.
  expect(report.orders.paid).toBeGreaterThan(0);
  expect(report.faults.errors).toBe(0);
  expect(Object.keys(report.faults.byKind).length).toBeGreaterThanOrEqual(MIN_FAULT_KINDS);
}, 540_000);
