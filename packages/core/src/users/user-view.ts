import type { Kysely } from 'kysely';
import type { AddressRow, Database, UserRow } from '@kanak/db';
import type { AddressView, UserView } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { AddressView, UserView };

export const toAddressView = (a: AddressRow): AddressView => ({
  _id: a.id,
  firstName: a.first_name,
  lastName: a.last_name,
  streetAddress: a.street_address,
  city: a.city,
  state: a.state,
  zipCode: a.zip_code,
  mobile: a.mobile,
});

type UserCore = Omit<
  UserRow,
  'password_hash' | 'removed_at' | 'token_version' | 'email_verified_at'
>;
export const USER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'role',
  'mobile',
  'created_at',
] as const;

/** Attaches every user's addresses (newest first) in one query. */
export async function toUserViews(db: Kysely<Database>, users: UserCore[]): Promise<UserView[]> {
  if (users.length === 0) return [];
  const addresses = await db
    .selectFrom('addresses')
    .selectAll()
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('created_at', 'desc')
    .execute();
  return users.map((u) => ({
    _id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    role: u.role,
    mobile: u.mobile,
    address: addresses.filter((a) => a.user_id === u.id).map(toAddressView),
    createdAt: new Date(u.created_at).toISOString(),
  }));
}
