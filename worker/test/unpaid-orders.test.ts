import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  createOrderFromCart,
  QUEUES,
  renderNotification,
  SAMPLE_GSTIN,
  sellerOf,
} from '@kanak/core';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import {
  ADDRESS,
  line,
  newCustomer,
  payable,
  placeOrder,
  sandbox,
  stockedSize,
} from '../../packages/core/test/support';
import { buildProcessors, type OrderEvent } from '../src/processors';

const TTL_MS = 40 * 60_000;
const HOUR = 3_600_000;

/**
 * The reconciliation run cancels orders nobody can pay any more, through the ledger: one event
 * by 'system', the shopper's note, the closed-for-good links, and an announcement.
 */
describe('unpaid orders past their payment link are cancelled by the reconciliation run', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const announced: OrderEvent[] = [];
  let reconcile: () => Promise<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const processors = buildProcessors(db(), {
      source: sandbox,
      reconcileAfterMs: 0,
      unpaidOrderTtlMs: TTL_MS,
      log: () => {},
      stockMoved: async () => {},
      announce: async (event) => {
        announced.push(event);
      },
    });
    reconcile = () => processors[QUEUES.paymentReconciliation]({} as Job);
  });
  afterAll(() => database.drop());

  const age = async (orderId: string, msAgo: number) =>
    db()
      .updateTable('orders')
      .set({ order_date: new Date(Date.now() - msAgo) })
      .where('id', '=', orderId)
      .execute();
  const ageLinks = async (orderId: string, expiredMsAgo: number) =>
    db()
      .updateTable('payments')
      .set({
        created_at: new Date(Date.now() - expiredMsAgo - 30 * 60_000),
        // Never asked about since it was made: the first run asks, the next closes it.
        updated_at: new Date(Date.now() - expiredMsAgo - 30 * 60_000),
        expires_at: new Date(Date.now() - expiredMsAgo),
      })
      .where('order_id', '=', orderId)
      .execute();
  const orderOf = (orderId: string) =>
    db()
      .selectFrom('orders')
      .select(['status', 'status_note'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  const eventsOf = (orderId: string) =>
    db()
      .selectFrom('order_events')
      .select(['actor', 'actor_user_id', 'from_status', 'to_status', 'note'])
      .where('order_id', '=', orderId)
      .where('from_status', 'is not', null)
      .execute();

  const freshOrder = async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    return { user, order };
  };

  it('cancels an order whose last link ran out past the grace, once, saying why', async () => {
    const { user, order } = await freshOrder();
    await payable(db(), user, order._id);
    await age(order._id, 2 * HOUR);
    await ageLinks(order._id, HOUR);

    await reconcile();
    await reconcile();

    expect(await orderOf(order._id)).toEqual({
      status: 'CANCELLED',
      status_note: 'Cancelled: not paid within 40 minutes',
    });
    expect(await eventsOf(order._id)).toEqual([
      {
        actor: 'system',
        actor_user_id: null,
        from_status: 'PENDING',
        to_status: 'CANCELLED',
        note: 'Cancelled: not paid within 40 minutes',
      },
    ]);
    const mine = announced.filter((e) => e.orderId === order._id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'CANCELLED', userId: user.id, kind: 'moved' });
    const links = await db()
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', order._id)
      .execute();
    // Its first link is older than the unpaid TTL: the first run cancels the order (the link
    // asked about once more) and closes the link with it, rather than waiting for a second run
    // to mark it expired first.
    expect(links.map((l) => l.status)).toEqual(['CANCELLED']);
  });

  it('cancels an order that never had a link once it is older than the unpaid TTL', async () => {
    const { order } = await freshOrder();
    await age(order._id, TTL_MS + 60_000);
    await reconcile();
    expect((await orderOf(order._id)).status).toBe('CANCELLED');
    expect(await eventsOf(order._id)).toHaveLength(1);
  });

  it('leaves alone a young order, one with an open link, and one whose link is within the grace', async () => {
    const young = await freshOrder();
    await age(young.order._id, TTL_MS - 5 * 60_000);

    const open = await freshOrder();
    await payable(db(), open.user, open.order._id);
    await age(open.order._id, 2 * HOUR);

    const inGrace = await freshOrder();
    await payable(db(), inGrace.user, inGrace.order._id);
    await age(inGrace.order._id, 2 * HOUR);
    await ageLinks(inGrace.order._id, 2 * 60_000);

    await reconcile();

    for (const { order } of [young, open, inGrace]) {
      expect((await orderOf(order._id)).status).toBe('PENDING');
      expect(await eventsOf(order._id)).toEqual([]);
    }
  });
  it('mails an unproven address no text a stranger typed: greeted by the address, no delivery name', async () => {
    const seller = sellerOf({
      SELLER_LEGAL_NAME: 'Kanak Jewellers Pvt Ltd',
      SELLER_ADDRESS: '12 Residency Road, Bengaluru',
      SELLER_STATE: 'Karnataka',
      SELLER_GSTIN: SAMPLE_GSTIN,
    });
    const shop = { name: 'Kanak Jewellers', supportEmail: 'care@kanak.shop', url: 'http://shop' };
    const lure = 'KYC expired: call 1800-000-000 now';
    const cancelledMail = async (verified: boolean) => {
      // Someone opens an account with an address that is not theirs and orders to a lure.
      const user = await newCustomer(db());
      if (verified)
        await db()
          .updateTable('users')
          .set({ email_verified_at: new Date() })
          .where('id', '=', user.id)
          .execute();
      await addToCart(db(), user.id, line(await stockedSize(db(), 5)));
      const order = await createOrderFromCart({
        db: db(),
        userId: user.id,
        address: { ...ADDRESS, firstName: lure, streetAddress: `${lure}, MG Road` },
        limits: NO_LIMITS,
      });
      await age(order._id, TTL_MS + 60_000);
      await reconcile();
      expect((await orderOf(order._id)).status).toBe('CANCELLED');
      const row = await db()
        .selectFrom('notifications')
        .selectAll()
        .where('order_id', '=', order._id)
        .where('kind', '=', 'cancelled')
        .executeTakeFirstOrThrow();
      expect(row.recipient).toBe(user.email);
      return { email: user.email, mail: await renderNotification(db(), row, { shop, seller }) };
    };

    const unproven = await cancelledMail(false);
    for (const body of [unproven.mail.text, unproven.mail.html, unproven.mail.subject])
      expect(body).not.toContain('KYC expired');
    expect(unproven.mail.text).toContain(`Dear ${unproven.email},`);

    // Once the address is proven, its owner typed the name: it is theirs to read.
    const proven = await cancelledMail(true);
    expect(proven.mail.text).toContain(`Dear ${lure},`);
  });
});
