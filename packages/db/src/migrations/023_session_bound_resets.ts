import { sql, type Kysely } from 'kysely';

/**
 * A reset link belongs to the sessions it was asked in: the row keeps the account's token version
 * of that moment, and a password change, "log out of all devices", a demotion or a removal (each
 * bumps the version, see 013) ends the link with the tokens. `email_verified_at` records that the
 * address's owner proved it (by using a mailed link): until then, security mails do not echo the
 * name typed at sign-up, which anyone could have chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('password_resets')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Links mailed before this migration keep working only if their account's tokens did.
  await sql`UPDATE password_resets r SET token_version = u.token_version FROM users u WHERE u.id = r.user_id`.execute(
    db,
  );
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.alterTable('password_resets').dropColumn('token_version').execute();
}
