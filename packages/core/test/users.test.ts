import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToWishlist,
  createAdmin,
  getProfile,
  listUserOrders,
  listUsers,
  login,
  removeUser,
  signup,
  type AuthUser,
  type TokenSettings,
} from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { MESSAGES, PASSWORD_PATTERN } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  ADDRESS,
  expectRefusal,
  line,
  MISSING_ID,
  newCustomer,
  paidOrder,
  placeOrder,
  seededUser,
  stockedSize,
} from './support';

const TOKENS: TokenSettings = { secret: randomBytes(24).toString('hex'), expiresIn: '1h' };

describe('user and administrator rules (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;
  const freshEmail = (label: string) => `${label}.${randomBytes(4).toString('hex')}@example.com`;
  const canLogIn = (email: string, password: string) =>
    login(db(), { settings: TOKENS, input: { email, password } }).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(() => database.drop());

  it('the profile carries the addresses, newest first', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 9);
    await placeOrder(db(), user, [line(size)]);
    // A second, different address joins the book in front of the first.
    await database.db
      .insertInto('addresses')
      .values({
        user_id: user.id,
        first_name: 'Work',
        last_name: 'Desk',
        street_address: '1 Tower',
        city: 'Pune',
        state: 'Maharashtra',
        zip_code: '411001',
        mobile: '9000000000',
        created_at: new Date(Date.now() + 1000),
      })
      .execute();
    const profile = await getProfile(db(), user.id);
    expect(profile).toMatchObject({ _id: user.id, email: user.email, role: 'CUSTOMER' });
    expect(profile.address.map((a) => a.city)).toEqual(['Pune', ADDRESS.city]);
  });

  it('the user list is newest first and holds no removed account', async () => {
    const older = await newCustomer(db(), 'older');
    const newer = await newCustomer(db(), 'newer');
    const gone = await newCustomer(db(), 'gone');
    await removeUser(db(), admin, gone.id);
    const ids = (await listUsers(db())).map((u) => u._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(gone.id);
    expect(ids).toContain(admin.id);
  });

  it("the user list counts each customer's orders, what their paid orders came to and their last order", async () => {
    const buyer = await newCustomer(db(), 'stats');
    const idle = await newCustomer(db(), 'idle');
    const paid = await paidOrder(db(), buyer, [line(await stockedSize(db(), 5))]);
    const unpaid = await placeOrder(db(), buyer, [line(await stockedSize(db(), 5))]);
    const users = await listUsers(db());
    expect(users.find((u) => u._id === buyer.id)).toMatchObject({
      orderCount: 2,
      totalSpent: paid.totalDiscountedPrice,
      lastOrderDate: unpaid.orderDate,
    });
    expect(users.find((u) => u._id === idle.id)).toMatchObject({
      orderCount: 0,
      totalSpent: 0,
      lastOrderDate: null,
    });
  });

  it('removing a customer scrubs the account and drops their addresses, cart and wishlist, keeping orders', async () => {
    const user = await newCustomer(db(), 'leaving');
    const size = await stockedSize(db(), 5);
    await placeOrder(db(), user, [line(size)]);
    await addToWishlist(db(), user.id, size.productId);
    expect(await removeUser(db(), admin, user.id)).toEqual({
      message: 'User deleted successfully',
    });
    await expectRefusal(getProfile(db(), user.id), 'NOT_FOUND', 'User not found');
    expect(await listUserOrders(db(), user.id)).toHaveLength(1);
    for (const table of ['addresses', 'carts', 'wish_items'] as const) {
      const rows = await database.db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    }
    // The e-mail is free again.
    const again = await signup(db(), TOKENS, {
      firstName: 'Back',
      lastName: 'Again',
      email: user.email,
      password: 'Back@1234',
    });
    expect(again.jwt).toBeTruthy();
  });

  it('an administrator cannot be removed, nor can one remove themselves', async () => {
    await expectRefusal(
      removeUser(db(), admin, admin.id),
      'BAD_REQUEST',
      'You cannot remove your own account',
    );
    const other = await createAdmin(db(), { email: freshEmail('other.admin') });
    await expectRefusal(
      removeUser(db(), admin, other.userId),
      'CONFLICT',
      'Administrator accounts cannot be removed',
    );
  });

  it('removing an unknown or already removed user is a 404', async () => {
    await expectRefusal(removeUser(db(), admin, MISSING_ID), 'NOT_FOUND');
    const user = await newCustomer(db());
    await removeUser(db(), admin, user.id);
    await expectRefusal(removeUser(db(), admin, user.id), 'NOT_FOUND', 'User not found');
    await expectRefusal(removeUser(db(), admin, 'nope'), 'BAD_REQUEST');
  });

  it('createAdmin makes a new ADMIN account with the given password', async () => {
    const email = freshEmail('new.admin');
    const result = await createAdmin(db(), { email, password: 'Admin@9876' });
    expect(result).toMatchObject({ outcome: 'created', email, passwordSet: true });
    expect(result.generatedPassword).toBeUndefined();
    expect((await getProfile(db(), result.userId)).role).toBe('ADMIN');
    expect(await canLogIn(email, 'Admin@9876')).toBe(true);
  });

  it('createAdmin without a password generates one the sign-up rules accept', async () => {
    const email = freshEmail('generated.admin');
    const result = await createAdmin(db(), { email });
    expect(result.generatedPassword).toMatch(PASSWORD_PATTERN);
    expect(await canLogIn(email, result.generatedPassword!)).toBe(true);
  });

  it("promoting a customer sets a new password, so the old one (maybe someone else's) stops working", async () => {
    const email = freshEmail('promoted');
    await signup(db(), TOKENS, {
      firstName: 'Soon',
      lastName: 'Admin',
      email,
      password: 'Old@12345',
    });
    const result = await createAdmin(db(), { email: email.toUpperCase() });
    expect(result).toMatchObject({ outcome: 'promoted', passwordSet: true });
    expect(await canLogIn(email, 'Old@12345')).toBe(false);
    expect(await canLogIn(email, result.generatedPassword!)).toBe(true);
    expect((await getProfile(db(), result.userId)).role).toBe('ADMIN');
  });

  it('an account that is already ADMIN keeps its password unless one is given', async () => {
    const result = await createAdmin(db(), { email: SEED_ACCOUNTS.admin.email });
    expect(result).toMatchObject({
      outcome: 'already-admin',
      passwordSet: false,
      userId: admin.id,
    });
    expect(result.generatedPassword).toBeUndefined();
    expect(await canLogIn(SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password)).toBe(true);
  });

  it('createAdmin refuses an e-mail, password or name the sign-up rules refuse', async () => {
    await expectRefusal(
      createAdmin(db(), { email: 'not-an-email' }),
      'BAD_REQUEST',
      MESSAGES.email,
    );
    await expectRefusal(
      createAdmin(db(), { email: freshEmail('weak'), password: 'weak' }),
      'BAD_REQUEST',
      MESSAGES.password,
    );
    await expectRefusal(
      createAdmin(db(), { email: freshEmail('named'), firstName: ' ' }),
      'BAD_REQUEST',
      MESSAGES.name,
    );
  });
});
