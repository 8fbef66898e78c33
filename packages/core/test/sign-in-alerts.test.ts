import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteAdminSignIn } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { newCustomer, seededUser } from './support';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe('the admin sign-in alert (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  const alerts = async (userId: string) =>
    db()
      .selectFrom('notifications')
      .select('payload')
      .where('user_id', '=', userId)
      .where('kind', '=', 'admin-sign-in')
      .execute();

  it('mails a sign-in from a browser or address not seen before, and only those', async () => {
    const admin = await seededUser(db(), 'admin');
    const email = SEED_ACCOUNTS.admin.email;
    const before = (await alerts(admin.id)).length;
    await noteAdminSignIn(db(), { email, address: '203.0.113.7', userAgent: FIREFOX });
    // The same browser from the same address, again and again: nothing more.
    await noteAdminSignIn(db(), { email, address: '203.0.113.7', userAgent: FIREFOX });
    await noteAdminSignIn(db(), {
      email: email.toUpperCase(),
      address: '203.0.113.7',
      userAgent: FIREFOX,
    });
    expect((await alerts(admin.id)).length).toBe(before + 1);
    // A new browser, then a new address: each is told.
    await noteAdminSignIn(db(), { email, address: '203.0.113.7', userAgent: CHROME });
    await noteAdminSignIn(db(), { email, address: '198.51.100.4', userAgent: FIREFOX });
    const after = await alerts(admin.id);
    expect(after.length).toBe(before + 3);
    expect(after.at(-1)!.payload).toMatchObject({ address: '198.51.100.4' });
  });

  it('never mails a customer’s sign-in', async () => {
    const customer = await newCustomer(db());
    await noteAdminSignIn(db(), { email: customer.email, address: '203.0.113.9' });
    expect(await alerts(customer.id)).toEqual([]);
  });
});
