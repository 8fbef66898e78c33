// A quiet live-order stream stays open: the server tells the page to reconnect only after 30 s
// without a word, and pings it meanwhile, so a signed-in page left idle keeps its one stream
// and ticket. (The browser walk, web/e2e/shopper-truths.test.ts, proves the page opens one
// stream through an order event and navigation; idling there for 30 s proved only this.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { openEventStream, startTestServer, type TestServer } from '@kanak/testkit';
import { login } from './pipeline-support';

describe('an idle live-order stream', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is told to reconnect only after 30 s of silence, and is pinged before that', async () => {
    const token = await login(
      server,
      SEED_ACCOUNTS.customer.email,
      SEED_ACCOUNTS.customer.password,
    );
    const ticket = await fetch(`${server.baseUrl}/trpc/live.ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(ticket.status).toBe(200);
    const { result } = (await ticket.json()) as { result: { data: { ticket: string } } };
    const url = new URL(`${server.baseUrl}/trpc/live.orders`);
    url.searchParams.set('connectionParams', JSON.stringify({ ticket: result.data.ticket }));
    const stream = await openEventStream(url.toString());
    try {
      expect(stream.status).toBe(200);
      const connected = await stream.next((e) => e.event === 'connected', 60_000);
      expect(JSON.parse(connected.data)).toMatchObject({ reconnectAfterInactivityMs: 30_000 });
      // The ping comes every 15 s (tRPC refuses an interval past the reconnect delay): waited on
      // as an event, with a ceiling only a hung server reaches.
      await stream.next((e) => e.event === 'ping', 60_000);
      expect(stream.events.filter((e) => e.event === 'connected')).toHaveLength(1);
    } finally {
      stream.close();
    }
  }, 90_000);
});
