import { sql, type Kysely } from 'kysely';

/**
 * "Tell me when 22K gold is below ₹X/g": one alert per e-mail, metal and purity. A
 * visitor's alert waits for the link mailed to confirm it (`confirmed_at`); it fires once
 * (`fired_at`) when a publish brings the rate below the figure, and is re-armed only by asking
 * again. The token is the confirm and unsubscribe links' secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('metal', 'text', (c) => c.notNull())
    .addColumn('purity', 'text', (c) => c.notNull())
    .addColumn('below_paise', 'bigint', (c) => c.notNull().check(sql`below_paise > 0`))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('fired_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX rate_alerts_one_per_email ON rate_alerts (lower(email), metal, purity)`.execute(
    db,
  );
  // A publish looks up the armed alerts of the rates it sets.
  await sql`CREATE INDEX rate_alerts_armed ON rate_alerts (metal, purity, below_paise)
    WHERE confirmed_at IS NOT NULL AND fired_at IS NULL AND unsubscribed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_alerts').execute();
}
