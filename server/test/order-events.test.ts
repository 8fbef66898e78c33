// Live order events: the worker's moves, refusals and payment results reach the
// browsers allowed to see them over SSE (tRPC subscriptions), through a one-use ticket; a
// reconnecting stream is sent what it missed after its last event id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { OrderView } from '@kanak/core';
import type { OrderEvent } from '@kanak/shared';
import {
  httpClient,
  openEventStream,
  startTestServer,
  type EventStream,
  type SseEvent,
  type TestServer,
} from '@kanak/testkit';
import {
  ADDRESS,
  fillCart,
  login,
  newCustomer,
  pickSizes,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

describe('live order events over SSE', () => {
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await worker?.stop();
    await server?.close();
  });

  async function ticket(token: string | null) {
    const res = await fetch(`${server.baseUrl}/trpc/live.ticket`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: '{}',
    });
    const body = (await res.json()) as { result?: { data: { ticket: string } } };
    return { status: res.status, ticket: body.result?.data.ticket };
  }

  /** The URL an EventSource opens for `live.orders` (tRPC's httpSubscriptionLink shape). */
  const streamUrl = (params: { ticket?: string; lastEventId?: string }) => {
    const url = new URL(`${server.baseUrl}/trpc/live.orders`);
    if (params.lastEventId)
      url.searchParams.set('input', JSON.stringify({ lastEventId: params.lastEventId }));
    if (params.ticket)
      url.searchParams.set('connectionParams', JSON.stringify({ ticket: params.ticket }));
    return url.toString();
  };

  async function watch(token: string, lastEventId?: string) {
    const { ticket: t } = await ticket(token);
    const stream = await openEventStream(streamUrl({ ticket: t, lastEventId }));
    streams.push(stream);
    expect(stream.status).toBe(200);
    // Subscribed once the server says so: events published from here on are this stream's.
    await stream.next((e) => e.event === 'connected');
    return stream;
  }

  const orderEvent = (e: SseEvent): OrderEvent | null => {
    if (e.event || !e.data) return null;
    return JSON.parse(e.data) as OrderEvent;
  };
  const about = (orderId: string, kind: OrderEvent['kind']) => (e: SseEvent) => {
    const event = orderEvent(e);
    return event?.orderId === orderId && event.kind === kind;
  };

  /** A PLACED order of the shopper, from a fresh cart. */
  async function placedOrder(shopper: { token: string; id: string }, offset: number) {
    const [size] = await pickSizes(server.database.db, 1, offset);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const created = await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token });
    expect(created.status).toBe(201);
    await server.database.db
      .updateTable('orders')
      .set({ status: 'PLACED' })
      .where('id', '=', created.body._id)
      .execute();
    return created.body._id;
  }

  const move = (orderId: string, action: string) =>
    http.put(`/api/admin/orders/${orderId}/${action}`, {}, { token: admin });

  it('refuses a ticket to a visitor and a stream to a missing or used ticket', async () => {
    expect((await ticket(null)).status).toBe(401);
    const shopper = await newCustomer(server, 'Ira');
    const { ticket: once } = await ticket(shopper.token);
    expect(once).toMatch(/^[\w-]{32}$/);
    const first = await openEventStream(streamUrl({ ticket: once }));
    streams.push(first);
    await first.next((e) => e.event === 'connected');
    // The same ticket again, a made-up one, and none at all: each answer is an error, no events.
    for (const params of [{ ticket: once }, { ticket: 'x'.repeat(32) }, {}]) {
      const refused = await openEventStream(streamUrl(params));
      streams.push(refused);
      const error = await refused.next((e) => e.event === 'serialized-error');
      expect(JSON.parse(error.data)).toMatchObject({ data: { httpStatus: 401 } });
      expect(refused.events.some((e) => orderEvent(e))).toBe(false);
      refused.close();
    }
  });

  it("tells an admin every move and a shopper only their own orders' moves", async () => {
    const asha = await newCustomer(server, 'Asha');
    const bela = await newCustomer(server, 'Bela');
    const ashaOrder = await placedOrder(asha, 4);
    const belaOrder = await placedOrder(bela, 5);
    const adminStream = await watch(admin);
    const ashaStream = await watch(asha.token);
    const belaStream = await watch(bela.token);

    expect((await move(ashaOrder, 'confirmed')).status).toBe(200);
    const seen = orderEvent(await adminStream.next(about(ashaOrder, 'moved')))!;
    expect(seen).toMatchObject({ userId: asha.id, status: 'CONFIRMED', kind: 'moved' });
    expect(seen.kind === 'moved' && seen.actorUserId).toMatch(/^[0-9a-f-]{36}$/);
    // The shopper hears the move, not which admin made it.
    expect(orderEvent(await ashaStream.next(about(ashaOrder, 'moved')))).toEqual({
      ...seen,
      actorUserId: null,
    });

    expect((await move(belaOrder, 'ship')).status).toBe(200);
    await belaStream.next(about(belaOrder, 'moved'));
    await adminStream.next(about(belaOrder, 'moved'));
    // Events arrive in order: Bela's stream has heard Asha's earlier move by now, if ever.
    expect(belaStream.events.some(about(ashaOrder, 'moved'))).toBe(false);
    expect(ashaStream.events.some(about(belaOrder, 'moved'))).toBe(false);
  });

  it('tells the admin why a move was refused, and not the shopper', async () => {
    const shopper = await newCustomer(server, 'Chitra');
    const orderId = await placedOrder(shopper, 6);
    const later = await placedOrder(shopper, 8);
    const stream = await watch(admin);
    const shopperStream = await watch(shopper.token);
    expect((await move(orderId, 'deliver')).status).toBe(200);
    expect((await move(orderId, 'confirmed')).status).toBe(409);
    const refused = orderEvent(await stream.next(about(orderId, 'refused')))!;
    expect(refused).toMatchObject({
      status: 'DELIVERED',
      to: 'CONFIRMED',
      message: 'Cannot move order from DELIVERED to CONFIRMED',
    });
    // A later move of another of their orders: the shopper's stream is past the refusal by then,
    // without having carried it.
    expect((await move(later, 'confirmed')).status).toBe(200);
    await shopperStream.next(about(later, 'moved'));
    expect(shopperStream.events.some(about(orderId, 'moved'))).toBe(true);
    expect(shopperStream.events.some(about(orderId, 'refused'))).toBe(false);
  });

  it("refuses a ticket's stream once the account is removed", async () => {
    const shopper = await newCustomer(server, 'Esha');
    const { ticket: t } = await ticket(shopper.token);
    await server.database.db
      .updateTable('users')
      .set({ removed_at: new Date() })
      .where('id', '=', shopper.id)
      .execute();
    const refused = await openEventStream(streamUrl({ ticket: t }));
    streams.push(refused);
    const error = await refused.next((e) => e.event === 'serialized-error');
    expect(JSON.parse(error.data)).toMatchObject({ data: { httpStatus: 401 } });
  });

  it('sends a reconnecting stream what it missed after its last event id', async () => {
    const shopper = await newCustomer(server, 'Devi');
    const orderId = await placedOrder(shopper, 7);
    const live = await watch(shopper.token);
    expect((await move(orderId, 'confirmed')).status).toBe(200);
    const first = await live.next(about(orderId, 'moved'));
    live.close();
    // While no stream is open, two more moves.
    expect((await move(orderId, 'ship')).status).toBe(200);
    expect((await move(orderId, 'deliver')).status).toBe(200);
    const again = await watch(shopper.token, first.id);
    await again.next((e) => orderEvent(e)?.status === 'DELIVERED');
    const statuses = again.events.flatMap((e) => orderEvent(e)?.status ?? []);
    expect(statuses).toEqual(['SHIPPED', 'DELIVERED']);
    // Ids only grow, so a client can tell what it has seen.
    const ids = again.events.flatMap((e) => (orderEvent(e) ? [e.id!] : []));
    expect(ids.every((id) => /^\d+-\d+$/.test(id) && id !== first.id)).toBe(true);
  });
});
