import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_ZONES, deliverBy, type OrderView } from '@kanak/core';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';
import type { DeliveryPromiseView } from '@kanak/shared';
import { ADDRESS, fillCart, newCustomer, pickSizes } from './pipeline-support';

/**
 * The delivery promise and PIN ↔ state through the real server: the zone
 * table is the default plus two test zones (set through DELIVERY_ZONES as an operator would):
 * the Andaman islands not served, and Kochi (6820) with a ₹1 insured cap.
 */
const ZONES = [
  ...DEFAULT_DELIVERY_ZONES,
  { zone: 'islands, not yet', prefixes: ['744'], days: null, insuredCap: 0 },
  { zone: 'Kochi test', prefixes: ['6820'], days: 4, insuredCap: 1 },
];

type ErrorBody = { error: string; message: string };
type TrpcError = { error: { message: string; data: { httpStatus: number } } };

describe('delivery promise by PIN, and PIN and state agreeing', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  const trpc = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer({
      DELIVERY_ZONES: JSON.stringify(ZONES),
      DELIVERY_HOLIDAYS: '01-26,2025-12-25',
    });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A shopper with one piece in the cart. */
  async function shopperWithCart(name: string) {
    const shopper = await newCustomer(server, name);
    const [size] = await pickSizes(server.database.db, 1, 5);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    return shopper;
  }

  const ordersOf = async (userId: string) =>
    server.database.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();

  it('promises a date, the zone and its cap for a PIN (public, REST and tRPC)', async () => {
    const before = deliverBy(new Date(), 3, server.config.DELIVERY_HOLIDAYS);
    const res = await http.get<DeliveryPromiseView>('/api/delivery/promise?pin=560001&value=60000');
    const after = deliverBy(new Date(), 3, server.config.DELIVERY_HOLIDAYS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pin: '560001',
      serviceable: true,
      state: 'Karnataka',
      zone: 'metro',
      insuredCap: 50_00_000,
      district: 'Bengaluru',
      withinCap: true,
    });
    // The clock may cross midnight in India between the two readings.
    expect([before, after]).toContain(res.body.deliverBy);
    expect(server.config.DELIVERY_HOLIDAYS).toEqual(['01-26', '2025-12-25']);

    const viaTrpc = await trpc.query<DeliveryPromiseView>('delivery.promise', { pin: '110001' });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toMatchObject({ state: 'Delhi', zone: 'metro' });

    const island = await http.get<DeliveryPromiseView>('/api/delivery/promise?pin=744101');
    expect(island.body).toMatchObject({
      serviceable: false,
      state: 'Andaman and Nicobar Islands',
      zone: null,
      deliverBy: null,
    });
    const overCap = await http.get<DeliveryPromiseView>('/api/delivery/promise?pin=682031&value=2');
    expect(overCap.body).toMatchObject({ zone: 'Kochi test', insuredCap: 1, withinCap: false });
  });

  it('answers 400 to a malformed PIN, on both transports', async () => {
    for (const pin of ['', '5600', '056001', '56000a', '5600011']) {
      const res = await http.get<ErrorBody>(`/api/delivery/promise?pin=${pin}`);
      expect(res.status, pin).toBe(400);
      expect(res.body.message).toMatch(/6-digit PIN/);
    }
    const noPin = await http.get<ErrorBody>('/api/delivery/promise');
    expect(noPin.status).toBe(400);
    const viaTrpc = await trpc.query<unknown>('delivery.promise', { pin: '12' });
    expect(viaTrpc.status).toBe(400);
  });

  it('refuses an order whose PIN is in another state, naming both (REST and tRPC)', async () => {
    const shopper = await shopperWithCart('Mismatch');
    const wrong = { ...ADDRESS, city: 'New Delhi', zipCode: '110001', state: 'Maharashtra' };
    const rest = await http.post<ErrorBody>('/api/orders/', wrong, { token: shopper.token });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('PIN 110001 is in Delhi, not Maharashtra');

    const viaTrpc = await trpc.mutate<unknown>('orders.create', wrong, shopper.token);
    expect(viaTrpc.status).toBe(400);
    expect((viaTrpc.body as unknown as TrpcError).error.message).toBe(
      'PIN 110001 is in Delhi, not Maharashtra',
    );
    // A PIN India Post does not list is not taken either.
    const unknown = await http.post<ErrorBody>(
      '/api/orders/',
      { ...ADDRESS, zipCode: '5600' },
      { token: shopper.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/PIN 5600 is not an Indian PIN code/);
    expect(await ordersOf(shopper.id)).toHaveLength(0);
  });

  it('takes a matching pair written the usual other ways, and stores the listed name', async () => {
    for (const [zipCode, state, stored] of [
      ['400001', 'MH', 'Maharashtra'],
      ['751001', 'orissa', 'Odisha'],
      ['605001', 'Pondicherry', 'Puducherry'],
    ] as const) {
      const shopper = await shopperWithCart('Variant');
      const res = await http.post<OrderView>(
        '/api/orders/',
        { ...ADDRESS, zipCode, state },
        { token: shopper.token },
      );
      expect(res.status, `${zipCode} ${state}`).toBe(201);
      expect(res.body.shippingAddress.state).toBe(stored);
    }
  });

  it('refuses an order to a PIN the shop does not serve', async () => {
    const shopper = await shopperWithCart('Islander');
    const address = {
      ...ADDRESS,
      city: 'Port Blair',
      zipCode: '744101',
      state: 'Andaman & Nicobar',
    };
    const rest = await http.post<ErrorBody>('/api/orders/', address, { token: shopper.token });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('We do not deliver to 744101 yet');
    const viaTrpc = await trpc.mutate<unknown>('orders.create', address, shopper.token);
    expect(viaTrpc.status).toBe(400);
    expect(await ordersOf(shopper.id)).toHaveLength(0);
  });

  it('refuses an order above its zone’s insured cap, naming the cap', async () => {
    const shopper = await shopperWithCart('Kochi');
    const address = { ...ADDRESS, city: 'Kochi', zipCode: '682031', state: 'Kerala' };
    const rest = await http.post<ErrorBody>('/api/orders/', address, { token: shopper.token });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toMatch(
      /^This order \(₹[\d,]+\) is above ₹1, the most we can insure in one parcel to PIN 682031 \(Kochi test\)/,
    );
    expect(await ordersOf(shopper.id)).toHaveLength(0);
    // The cart is kept: the same cart to a metro address goes through.
    const ok = await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token });
    expect(ok.status).toBe(201);
  });

  it('refuses DELIVERY_ZONES that are not a zone table, naming the variable', async () => {
    const { loadConfig } = await import('@kanak/server');
    expect(() => loadConfig({}, { DELIVERY_ZONES: 'metro=3' })).toThrow(/DELIVERY_ZONES/);
    expect(() => loadConfig({}, { DELIVERY_HOLIDAYS: '25/12' })).toThrow(/DELIVERY_HOLIDAYS/);
  });
});
