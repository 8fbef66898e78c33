import { sql, type Kysely } from 'kysely';

/**
 * An approved return's pickup may be changed (another day, carrier or AWB): that change is an
 * event from approved to approved, any number of times. The moves made once stay unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX return_events_move_key`.execute(db);
  await sql`CREATE UNIQUE INDEX return_events_move_key ON return_events (return_id, to_state)
    WHERE to_state IN ('requested', 'approved', 'refused', 'refunded')
      AND from_state IS DISTINCT FROM to_state`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM return_events WHERE from_state = 'approved' AND to_state = 'approved'`.execute(
    db,
  );
  await sql`DROP INDEX return_events_move_key`.execute(db);
  await sql`CREATE UNIQUE INDEX return_events_move_key ON return_events (return_id, to_state)
    WHERE to_state IN ('requested', 'approved', 'refused', 'refunded')`.execute(db);
}
