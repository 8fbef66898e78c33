// The chaos soak (soak/), 2 minutes of it: two servers and two workers under shopper and admin
// load while PostgreSQL, Redis, a worker, a server and the mail server fail one at a time; then
// nothing paid is lost or doubled, stock adds up, the outbox, queues and mails are drained.
// `pnpm soak` runs the same code for longer (README, "Chaos soak").
import { expect, it } from 'vitest';
import { crashed, formatReport } from '../../soak/report';
import { runSoak, soakOptions } from '../../soak/soak';

it('keeps every invariant through 2 minutes of faults under load', async () => {
  const report = await runSoak(soakOptions(2));
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
  expect(Object.keys(report.faults.byKind).length).toBeGreaterThanOrEqual(5);
}, 540_000);
