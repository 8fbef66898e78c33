import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askRateAlert,
  confirmRateAlert,
  publishRates,
  unsubscribeRateAlert,
  type MailLimits,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, newCustomer, seededUser } from './support';

const unlimited: MailLimits = {
  resetByAddress: async () => undefined,
  resetByEmail: async () => true,
  stockAlertByAddress: async () => undefined,
  stockAlertByEmail: async () => undefined,
};
const relay = { wake: () => {} };

/**
 * Rate alerts: "tell me when 22K gold is below ₹X/g". A visitor's alert waits
 * for its confirm link; a publish that brings the rate below the figure mails it once; it is
 * re-armed only by asking again; unsubscribe is one click.
 */
describe('rate alerts', () => {
  let database: TestDatabase;
  let adminId: string;
  const db = () => database.db;
  const deps = () => ({ db: db(), mailLimits: unlimited });

  beforeAll(async () => {
    database = await createTestDatabase();
    adminId = (await seededUser(db(), 'admin')).id;
  });
  afterAll(() => database.drop());

  const mails = (email: string, kind: string) =>
    db()
      .selectFrom('notifications')
      .select(['payload'])
      .where('recipient', '=', email)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  const rate22k = async () =>
    (
      await db()
        .selectFrom('metal_rates')
        .select('rate_paise')
        .where('metal', '=', 'gold')
        .where('purity', '=', '916')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).rate_paise / 100;
  const publish22k = (ratePerGram: number) =>
    publishRates({ db: db(), relay }, adminId, {
      rates: [{ metal: 'gold', purity: '916', ratePerGram }],
      confirm: true,
    });

  it('fires once per crossing, only once confirmed, and again only when asked again', async () => {
    const now = await rate22k();
    const email = `watcher.${Date.now()}@example.com`;
    const asked = await askRateAlert({
      deps: deps(),
      user: null,
      address: '127.0.0.1',
      input: {
        email,
        metal: 'gold',
        purity: '22K',
        below: now - 100,
      },
    });
    expect(asked.message).toMatch(/Please confirm the alert/);
    const [confirmMail] = await mails(email, 'rate-alert-confirm');
    const token = (confirmMail!.payload as { token: string }).token;

    // Unconfirmed: a crossing mails nothing (nobody can sign a stranger up).
    await publish22k(now - 200);
    expect(await mails(email, 'rate-alert')).toHaveLength(0);
    await publish22k(now);
    expect((await confirmRateAlert(db(), token)).message).toMatch(/Alert confirmed/);

    // Above the figure: nothing; below it: one mail; below again: still one (fired once).
    await publish22k(now - 50);
    expect(await mails(email, 'rate-alert')).toHaveLength(0);
    await publish22k(now - 150);
    await publish22k(now - 160);
    const fired = await mails(email, 'rate-alert');
    expect(fired).toHaveLength(1);
    expect(fired[0]!.payload).toMatchObject({ what: '22K (916)', metal: 'gold' });

    // Asked again by anyone naming the address: nothing changes until the new link is used.
    await askRateAlert({
      deps: deps(),
      user: null,
      address: '127.0.0.1',
      input: {
        email,
        metal: 'gold',
        purity: '916',
        below: now - 170,
      },
    });
    await publish22k(now - 180);
    expect(await mails(email, 'rate-alert')).toHaveLength(1);
    const again = (await mails(email, 'rate-alert-confirm')).at(-1)!;
    await confirmRateAlert(db(), (again.payload as { token: string }).token);
    await publish22k(now);
    await publish22k(now - 180);
    expect(await mails(email, 'rate-alert')).toHaveLength(2);

    // Unsubscribed (the link in the alert mail): no more, even when asked to fire.
    const alertToken = (fired[0]!.payload as { token: string }).token;
    expect((await unsubscribeRateAlert(db(), alertToken)).message).toMatch(
      /not get this rate alert/,
    );
    await db()
      .updateTable('rate_alerts')
      .set({ fired_at: null })
      .where('token', '=', alertToken)
      .execute();
    await publish22k(now - 190);
    expect(await mails(email, 'rate-alert')).toHaveLength(2);
    await publish22k(now);
  });

  it('neither re-arms, changes nor re-subscribes an alert for an unproven asker, and answers the same as for a new address', async () => {
    const now = await rate22k();
    const victim = `victim.${Date.now()}@example.com`;
    const stranger = `nobody.${Date.now()}@example.com`;
    await askRateAlert({
      deps: deps(),
      user: null,
      address: '127.0.0.1',
      input: {
        email: victim,
        metal: 'gold',
        purity: '916',
        below: now - 100,
      },
    });
    const [link] = await mails(victim, 'rate-alert-confirm');
    await confirmRateAlert(db(), (link!.payload as { token: string }).token);
    const alertOf = () =>
      db()
        .selectFrom('rate_alerts')
        .select(['below_paise', 'unsubscribed_at', 'fired_at', 'token'])
        .where('email', '=', victim)
        .executeTakeFirstOrThrow();
    await unsubscribeRateAlert(db(), (await alertOf()).token);
    const before = await alertOf();
    expect(before.unsubscribed_at).not.toBeNull();

    const ask = (email: string) =>
      askRateAlert({
        deps: deps(),
        user: null,
        address: '127.0.0.1',
        input: {
          email,
          metal: 'gold',
          purity: '916',
          below: now + 5000,
        },
      });
    const forVictim = await ask(victim);
    const forStranger = await ask(stranger);
    expect(forVictim.message.replace(victim, '<email>')).toBe(
      forStranger.message.replace(stranger, '<email>'),
    );
    expect(await alertOf()).toEqual(before);
    await publish22k(now);
    expect(await mails(victim, 'rate-alert')).toHaveLength(0);
    expect(await mails(stranger, 'rate-alert')).toHaveLength(0);
    // Only the victim's own click on the new link applies it.
    const [, relink] = await mails(victim, 'rate-alert-confirm');
    expect(
      (await confirmRateAlert(db(), (relink!.payload as { token: string }).token)).message,
    ).toMatch(/Alert confirmed/);
    const after = await alertOf();
    expect(after.unsubscribed_at).toBeNull();
    expect(Number(after.below_paise)).toBe((now + 5000) * 100);
    await db()
      .updateTable('rate_alerts')
      .set({ unsubscribed_at: new Date() })
      .where('email', '=', victim)
      .execute();
  });

  it("a signed-in shopper's alert waits for the mailed link until the account's e-mail is verified", async () => {
    const now = await rate22k();
    const fresh = await newCustomer(db());
    const pending = await askRateAlert({
      deps: deps(),
      user: fresh,
      address: '127.0.0.1',
      input: {
        metal: 'gold',
        purity: '916',
        below: now - 10,
      },
    });
    expect(pending.message).toMatch(/Please confirm the alert/);
    await publish22k(now - 20);
    expect(await mails(fresh.email, 'rate-alert')).toHaveLength(0);
    await publish22k(now);
  });

  it("a verified account's alert uses the account e-mail and is armed at once", async () => {
    const now = await rate22k();
    const user = await newCustomer(db());
    await db()
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const asked = await askRateAlert({
      deps: deps(),
      user,
      address: '127.0.0.1',
      input: {
        metal: 'gold',
        purity: '916',
        below: now - 10,
      },
    });
    expect(asked.message).toMatch(new RegExp(`We will e-mail ${user.email} once`));
    await publish22k(now - 20);
    expect(await mails(user.email, 'rate-alert')).toHaveLength(1);
    await publish22k(now);
  });

  it('refuses a made-up link', async () => {
    await expectRefusal(confirmRateAlert(db(), 'not-a-token'), 'NOT_FOUND');
    await expectRefusal(unsubscribeRateAlert(db(), 'x'.repeat(32)), 'NOT_FOUND');
  });
});
