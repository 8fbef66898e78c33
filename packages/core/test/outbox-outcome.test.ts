import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOBS, recordOutboxOutcome, recordOutboxOutcomes, writeOutbox } from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

// The chaos soak found a row whose job ran while the relay heard no answer (Redis paused as it
// took the job): the relay never marked it sent, and a finished row is never sent again, so it
// looked unsent for good. An outcome now marks its row sent, alone or in a batch.
it('marks a row sent when its outcome is recorded, even if the relay never heard back', async () => {
  const { db } = database;
  const refs = await Promise.all(
    ['a', 'b', 'c'].map((key) =>
      writeOutbox(db, {
        job: JOBS.bulkEdit,
        jobKey: `bulk-edit-test-${key}`,
        payload: { bulkEditId: key },
      }),
    ),
  );
  const unsent = await db
    .selectFrom('outbox')
    .select('sent_at')
    .where(
      'id',
      'in',
      refs.map((r) => r.outboxId),
    )
    .execute();
  expect(unsent.every((r) => r.sent_at === null)).toBe(true);
  await recordOutboxOutcome(db, refs[0]!, { kind: 'done', value: null, settled: true });
  await recordOutboxOutcomes(db, [
    { ref: refs[1]!, outcome: { kind: 'done', value: null, settled: true } },
    { ref: refs[2]!, outcome: { kind: 'done', value: null, settled: true } },
  ]);
  const rows = await db
    .selectFrom('outbox')
    .select(['sent_at', 'finished_at'])
    .where(
      'id',
      'in',
      refs.map((r) => r.outboxId),
    )
    .execute();
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    expect(row.finished_at).not.toBeNull();
    expect(row.sent_at).not.toBeNull();
  }
});
