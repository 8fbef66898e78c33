import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticate,
  login,
  removeUser,
  signToken,
  signup,
  verifyToken,
  type TokenSettings,
} from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { MESSAGES, signupInput } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, seededUser } from './support';

const TOKENS: TokenSettings = { secret: randomBytes(24).toString('hex'), expiresIn: '1h' };
const PASSWORD = 'Test@1234';

describe('sign-up, login and token rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  const freshEmail = (label = 'shopper') =>
    `${label}.${randomBytes(4).toString('hex')}@example.com`;
  /** Signs up through the declared input, as both transports do. */
  const signUp = (email: string, password = PASSWORD) =>
    signup(
      db(),
      TOKENS,
      signupInput.parse({ firstName: 'Test', lastName: 'Shopper', email, password }),
    );
  const setRole = (id: string, role: 'ADMIN' | 'CUSTOMER') =>
    database.db.updateTable('users').set({ role }).where('id', '=', id).execute();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('sign-up makes a CUSTOMER account and answers its token', async () => {
    const email = freshEmail();
    const answer = await signUp(email);
    expect(answer.message).toBe('Signup success');
    const claims = await verifyToken(TOKENS, answer.jwt);
    expect(claims.role).toBe('CUSTOMER');
    const row = await database.db
      .selectFrom('users')
      .select(['id', 'role', 'email'])
      .where('id', '=', claims.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: claims.id, role: 'CUSTOMER', email });
  });

  it('sign-up refuses an e-mail that already has an account, in any letter case', async () => {
    const email = freshEmail();
    await signUp(email);
    await expectRefusal(signUp(email), 'CONFLICT', MESSAGES.signupDuplicate);
    await expectRefusal(
      signup(db(), TOKENS, {
        firstName: 'Test',
        lastName: 'Shopper',
        email: email.toUpperCase(),
        password: PASSWORD,
      }),
      'CONFLICT',
      MESSAGES.signupDuplicate,
    );
    await expectRefusal(signUp(SEED_ACCOUNTS.admin.email), 'CONFLICT');
  });

  it('login with the right password answers a token; the e-mail is matched in any case', async () => {
    const email = freshEmail();
    await signUp(email);
    const answer = await login(db(), {
      settings: TOKENS,
      input: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(answer.message).toBe('Login success');
    expect((await verifyToken(TOKENS, answer.jwt)).role).toBe('CUSTOMER');
  });

  it('login with a wrong password or an unknown e-mail is refused with the same message', async () => {
    const email = freshEmail();
    await signUp(email);
    await expectRefusal(
      login(db(), { settings: TOKENS, input: { email, password: 'Wrong@1234' } }),
      'UNAUTHORIZED',
      MESSAGES.loginFailed,
    );
    await expectRefusal(
      login(db(), { settings: TOKENS, input: { email: freshEmail('nobody'), password: PASSWORD } }),
      'UNAUTHORIZED',
      MESSAGES.loginFailed,
    );
  });

  it('the seeded admin logs in with an ADMIN token', async () => {
    const { jwt } = await login(db(), { settings: TOKENS, input: SEED_ACCOUNTS.admin });
    expect(await authenticate(db(), { settings: TOKENS, token: jwt })).toEqual(
      await seededUser(db(), 'admin'),
    );
  });

  it('authenticate gives ADMIN only when both the token and the account say ADMIN', async () => {
    const email = freshEmail();
    const { jwt: customerToken } = await signUp(email);
    const { id } = await verifyToken(TOKENS, customerToken);
    // Promoted after the token was issued: the old customer token stays a customer token.
    await setRole(id, 'ADMIN');
    expect(await authenticate(db(), { settings: TOKENS, token: customerToken })).toEqual({
      id,
      role: 'CUSTOMER',
    });
    const adminToken = await signToken(TOKENS, { id, role: 'ADMIN', email });
    expect(await authenticate(db(), { settings: TOKENS, token: adminToken })).toEqual({
      id,
      role: 'ADMIN',
    });
    // Demoted: the admin token loses its power at once (the demotion ends the account's sessions).
    await setRole(id, 'CUSTOMER');
    await expect(authenticate(db(), { settings: TOKENS, token: adminToken })).rejects.toThrow(
      /signed out/,
    );
  });

  it("authenticate refuses a removed user's still-valid token, and the user can no longer log in", async () => {
    const email = freshEmail();
    const { jwt } = await signUp(email);
    const { id } = await verifyToken(TOKENS, jwt);
    await removeUser(db(), await seededUser(db(), 'admin'), id);
    await expectRefusal(
      authenticate(db(), { settings: TOKENS, token: jwt }),
      'UNAUTHORIZED',
      'Your account no longer exists. Please sign up again.',
    );
    await expectRefusal(
      login(db(), { settings: TOKENS, input: { email, password: PASSWORD } }),
      'UNAUTHORIZED',
    );
  });

  it('authenticate refuses an expired token, a token signed with another secret and garbage', async () => {
    const { id } = await seededUser(db(), 'customer');
    const user = { id, role: 'CUSTOMER' as const, email: SEED_ACCOUNTS.customer.email };
    const expired = await signToken({ ...TOKENS, expiresIn: '-1m' }, user);
    await expectRefusal(
      authenticate(db(), { settings: TOKENS, token: expired }),
      'UNAUTHORIZED',
      'Your session has expired. Please log in again.',
    );
    const foreign = await signToken({ ...TOKENS, secret: 'another-secret-entirely' }, user);
    await expectRefusal(authenticate(db(), { settings: TOKENS, token: foreign }), 'UNAUTHORIZED');
    await expectRefusal(
      authenticate(db(), { settings: TOKENS, token: 'not.a.jwt' }),
      'UNAUTHORIZED',
    );
  });
});
