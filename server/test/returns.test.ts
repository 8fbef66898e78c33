import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  indiaDate,
  type ExchangeEstimate,
  type ExchangeRequestView,
  type OrderView,
  type ReturnView,
  type Settlement,
} from '@kanak/shared';
import {
  httpClient,
  startTestServer,
  startTestSmtp,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import {
  eventually,
  login,
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

/**
 * The returns' and old gold's contracts over REST: the old-gold estimate (public, 400 on bad input), a request
 * the admin list shows; returns asked by the order's owner (409 with the window's end before
 * delivery and after the window), moved by the admin, with the shopper's mail for each move read
 * from a real SMTP server. The window and double-click rules are tested in core with a moved
 * clock (packages/core/test/returns.test.ts).
 */
describe('returns and old-gold exchange over REST', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let worker: WorkerProcess;
  let admin: string;
  const http = () => httpClient(server.baseUrl);
  const db = () => server.database.db;
  let sizes: { productId: string; sizeId: string }[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ORDER_WAIT_MS: 8000 });
    worker = await startWorkerProcess(server, { SMTP_URL: smtp.url, MAIL_POLL_MS: '200' });
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    sizes = await pickSizes(db(), 3, 20);
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
  });

  it('estimates old gold at today’s rate in rupees, refuses bad input, and shows a request in admin', async () => {
    const res = await http().get<ExchangeEstimate>(
      '/api/exchange/estimate?metal=gold&purity=916&netWeight=10.5',
    );
    expect(res.status).toBe(200);
    const metal = Math.round(res.body.ratePerGram * 10.5);
    expect(res.body).toMatchObject({
      metalValue: metal,
      exchangeValue: metal,
      buybackValue: Math.round(res.body.ratePerGram * 10.5 * 0.85),
      exchangePercent: 100,
      buybackPercent: 85,
    });
    for (const query of [
      'metal=gold&purity=600&netWeight=1',
      'metal=gold&purity=916',
      'metal=gold&purity=916&netWeight=abc',
      'metal=gold&purity=916&netWeight=5&grossWeight=4',
    ])
      expect((await http().get(`/api/exchange/estimate?${query}`)).status, query).toBe(400);

    const shopper = await login(
      server,
      SEED_ACCOUNTS.customer.email,
      SEED_ACCOUNTS.customer.password,
    );
    const asked = await http().post<ExchangeRequestView>(
      '/api/exchange/requests',
      {
        contactName: 'Asha Rao',
        contactPhone: '9876543210',
        visit: 'pickup',
        pin: '560001',
        address: '12, 3rd Cross, Indiranagar, Bengaluru',
        slot: { date: indiaDate(new Date(Date.now() + 2 * 86_400_000)), window: '10-13' },
        items: [{ metal: 'gold', purity: '22K', grossWeight: 12 }],
      },
      { token: shopper },
    );
    expect(asked.status).toBe(201);
    expect(asked.body.status).toBe('requested');
    const list = await http().get<ExchangeRequestView[]>('/api/admin/exchange/requests', {
      token: admin,
    });
    expect(list.body.find((r) => r.id === asked.body.id)).toMatchObject({
      contactName: 'Asha Rao',
      contactPhone: '9876543210',
      visit: 'pickup',
      estimate: asked.body.estimate,
    });
    const settled = await http().put<ExchangeRequestView>(
      `/api/admin/exchange/requests/${asked.body.id}`,
      {
        outcome: 'credit',
        finalValue: 50000,
        tested: {
          pieces: [{ fineness: 914, grossWeight: 12, netWeight: 11.4 }],
          deduction: 200,
          reason: 'a stone set in the pendant',
        },
      },
      { token: admin },
    );
    expect(settled.body).toMatchObject({ status: 'credited', finalValue: 50000 });
    const again = await http().put(
      `/api/admin/exchange/requests/${asked.body.id}`,
      {
        outcome: 'credit',
        finalValue: 50000,
        tested: { pieces: [{ fineness: 914, grossWeight: 12, netWeight: 11.4 }] },
      },
      { token: admin },
    );
    expect(again.status).toBe(409);
    const credit = await http().get<{ balance: number }>('/api/exchange/credit', {
      token: shopper,
    });
    expect(credit.body.balance).toBeGreaterThanOrEqual(50000);
  });

  it('takes a return inside the window only, moves it through the admin paths and mails each step', async () => {
    const paid = await sandboxPaidOrder(server, sizes[0]!);
    expect((await http().get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    const orderId = paid.order._id;
    const token = paid.shopper.token;
    const body = {
      kind: 'return',
      reason: 'The ring is too small',
      items: [{ orderItemId: paid.order.orderItems[0]!._id }],
    };
    const early = await http().post<{ message: string }>(`/api/orders/${orderId}/returns`, body, {
      token,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the order is delivered, within 15 days/);

    const move = (action: string, extra?: unknown) =>
      http().put<OrderView>(`/api/admin/orders/${orderId}/${action}`, extra, { token: admin });
    expect((await move('ship', { carrier: 'bvc', awb: 'KJRET0001' })).status).toBe(200);
    expect((await move('deliver')).status).toBe(200);

    const asked = await http().post<ReturnView>(`/api/orders/${orderId}/returns`, body, { token });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ state: 'requested', kind: 'return' });
    expect(
      (await http().post(`/api/orders/${orderId}/returns`, body, { token: admin })).status,
    ).toBe(404);
    const returnId = asked.body.id;
    const put = (action: string, extra?: unknown) =>
      http().put<ReturnView & { message?: string }>(
        `/api/admin/returns/${returnId}/${action}`,
        extra,
        { token: admin },
      );
    expect((await put('refund')).status).toBe(409);
    expect((await put('approve')).body.state).toBe('approved');
    expect((await put('receive', {})).status).toBe(400);
    const received = await put('receive', {
      huids: { [paid.order.orderItems[0]!._id]: [] },
    });
    expect(received.body).toMatchObject({ state: 'received', huidMismatch: null });
    const refunded = await put('refund');
    expect(refunded.body).toMatchObject({ state: 'refunded', refundStatus: 'asked' });
    const listed = await http().get<ReturnView[]>(`/api/orders/${orderId}/returns`, { token });
    expect(listed.body[0]!.events.map((e) => e.to)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
    const order = await http().get<OrderView>(`/api/orders/${orderId}`, { token });
    expect(order.body.creditNote?.number).toMatch(/^KJCN\//);

    // A mail for each move, from the real SMTP server.
    const mine = () => smtp.mails.filter((m) => m.to === paid.shopper.email);
    // Mails go out in parallel, so they may arrive in any order: wait for all four.
    const steps = [
      'we have your return request',
      'your return is approved',
      'we have received your piece',
      'your refund is on its way',
    ];
    const arrived = (words: string) => mine().some((m) => m.subject.includes(words));
    await eventually(async () => steps.every(arrived), 30_000).catch(() => undefined);
    for (const words of steps) expect(arrived(words), words).toBe(true);

    // Past the window: the end date in the answer.
    const late = await sandboxPaidOrder(server, sizes[1]!);
    expect((await http().get(late.returnPath, { token: late.shopper.token })).status).toBe(200);
    await db()
      .updateTable('orders')
      .set({ status: 'DELIVERED', delivered_at: new Date(Date.now() - 16 * 86_400_000) })
      .where('id', '=', late.order._id)
      .execute();
    const refused = await http().post<{ message: string; details: { windowEndsOn: string } }>(
      `/api/orders/${late.order._id}/returns`,
      { ...body, items: [{ orderItemId: late.order.orderItems[0]!._id }] },
      { token: late.shopper.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`ended on ${refused.body.details.windowEndsOn}`);
  });

  it('tells the window, takes 1 piece of a line of 2, records the pickup, mails it, and lists open returns', async () => {
    const paid = await sandboxPaidOrder(server, sizes[1]!, 2);
    expect((await http().get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    const orderId = paid.order._id;
    const token = paid.shopper.token;
    const item = paid.order.orderItems[0]!;
    const before = await http().get<{ possible: boolean; message: string }>(
      `/api/orders/${orderId}/returns/eligibility`,
      { token },
    );
    expect(before.body).toMatchObject({ possible: false, windowEndsOn: null });
    const move = (action: string, extra?: unknown) =>
      http().put(`/api/admin/orders/${orderId}/${action}`, extra, { token: admin });
    expect((await move('ship', { carrier: 'bvc', awb: 'KJRET0003' })).status).toBe(200);
    expect((await move('deliver')).status).toBe(200);
    const open = await http().get<{ possible: boolean; message: string; lines: unknown[] }>(
      `/api/orders/${orderId}/returns/eligibility`,
      { token },
    );
    expect(open.body).toMatchObject({
      possible: true,
      lines: [{ orderItemId: item._id, returnable: 2 }],
    });
    expect(open.body.message).toMatch(/^Returns accepted until \d{1,2} [A-Z][a-z]{2} \d{4}$/);

    const ask = (quantity: unknown) =>
      http().post<ReturnView & { message?: string }>(
        `/api/orders/${orderId}/returns`,
        { kind: 'return', reason: 'One is enough', items: [{ orderItemId: item._id, quantity }] },
        { token },
      );
    for (const bad of [0, 1.5, 3]) expect((await ask(bad)).status, String(bad)).toBe(400);
    expect((await ask(3)).body.message).toMatch(/at most 2 of 2 pieces/);
    const asked = await ask(1);
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      amount: item.discountedPrice / 2,
      items: [{ quantity: 1, lineQuantity: 2 }],
    });
    const flagged = await http().get<OrderView>(`/api/orders/${orderId}`, { token: admin });
    expect(flagged.body.openReturn).toMatchObject({ id: asked.body.id, state: 'requested' });

    const slot = { date: indiaDate(new Date(Date.now() + 86_400_000)), window: '13-16' };
    const approved = await http().put<ReturnView>(
      `/api/admin/returns/${asked.body.id}/approve`,
      { pickup: { method: 'courier', slot, carrier: 'Blue Dart', awb: 'BDRV77001' } },
      { token: admin },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.pickup).toMatchObject({ method: 'courier', awb: 'BDRV77001', slot });

    const waiting = await http().get<ReturnView[]>('/api/admin/returns?open=true', {
      token: admin,
    });
    expect(waiting.body.find((r) => r.id === asked.body.id)?.state).toBe('approved');
    const requested = await http().get<ReturnView[]>('/api/admin/returns?state=requested', {
      token: admin,
    });
    expect(requested.body.some((r) => r.id === asked.body.id)).toBe(false);
    const summary = await http().get<{ open: number; byState: Record<string, number> }>(
      '/api/admin/returns/summary',
      { token: admin },
    );
    expect(summary.body.byState.approved).toBeGreaterThanOrEqual(1);
    expect(summary.body.open).toBeGreaterThanOrEqual(summary.body.byState.approved!);

    // The approval mail, from the real SMTP server, says who collects it, when and the AWB.
    const approval = () =>
      smtp.mails.find(
        (m) => m.to === paid.shopper.email && m.subject.includes('your return is approved'),
      );
    await eventually(async () => approval() !== undefined, 30_000).catch(() => undefined);
    const text = approval()!.text;
    expect(text).toContain('Blue Dart will collect it on');
    expect(text).toContain('1 pm – 4 pm');
    expect(text).toContain('BDRV77001');
    expect(text).not.toContain('Our insured courier will collect it');

    // The carrier moved the slot: the owner changes the pickup, the shopper is mailed the new one.
    const repickup = (body: unknown) =>
      http().put<ReturnView & { message?: string }>(
        `/api/admin/returns/${asked.body.id}/repickup`,
        body,
        { token: admin },
      );
    const none = await repickup({});
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/new pickup/);
    const later = { date: indiaDate(new Date(Date.now() + 2 * 86_400_000)), window: '16-19' };
    const changed = await repickup({
      pickup: { method: 'courier', slot: later, carrier: 'Delhivery', awb: 'dlrv55002' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.state).toBe('approved');
    expect(changed.body.pickup).toMatchObject({
      method: 'courier',
      carrier: 'Delhivery',
      awb: 'DLRV55002',
      slot: later,
    });
    // The same address as approved: the order's delivery address.
    expect(changed.body.pickup!.address).toBe(approved.body.pickup!.address);
    expect(changed.body.events.map((e) => e.to)).toEqual(['requested', 'approved', 'approved']);
    expect(changed.body.events[2]!.note).toMatch(/^Pickup changed: Delhivery will collect it/);
    const changeMail = () =>
      smtp.mails.find(
        (m) => m.to === paid.shopper.email && m.subject.includes('your return pickup has changed'),
      );
    await eventually(async () => changeMail() !== undefined);
    expect(changeMail()!.text).toContain('Delhivery will collect it on');
    expect(changeMail()!.text).toContain('4 pm – 7 pm');
    expect(changeMail()!.text).toContain('DLRV55002');
    // A second click of the same change: answered as it is, no second event (nor its mail).
    const again = await repickup({
      pickup: { method: 'courier', slot: later, carrier: 'Delhivery', awb: 'DLRV55002' },
    });
    expect(again.status).toBe(200);
    expect(again.body.events.map((e) => e.to)).toEqual(['requested', 'approved', 'approved']);
    // Once the piece is in, the pickup is history: no change.
    expect(
      (
        await http().put(
          `/api/admin/returns/${asked.body.id}/receive`,
          { huids: { [item._id]: [] } },
          { token: admin },
        )
      ).status,
    ).toBe(200);
    expect((await repickup({ pickup: { method: 'post' } })).status).toBe(409);
  });

  it('returns the rest of a partly returned line in a second request, with the other piece', async () => {
    const paid = await sandboxPaidOrder(server, sizes[0]!, 2);
    expect((await http().get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    const orderId = paid.order._id;
    const token = paid.shopper.token;
    const item = paid.order.orderItems[0]!;
    const perPiece = item.discountedPrice / 2;
    for (const [action, body] of [
      ['ship', { carrier: 'bvc', awb: 'KJRET0004' }],
      ['deliver', undefined],
    ] as const)
      expect(
        (await http().put(`/api/admin/orders/${orderId}/${action}`, body, { token: admin })).status,
      ).toBe(200);
    // The two pieces' HUIDs, as the dispatch recorded them.
    const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    const [huidA, huidB] = [`A${tag}1`, `B${tag}2`];
    await db()
      .insertInto('order_item_huids')
      .values([huidA, huidB].map((huid) => ({ huid, order_item_id: item._id, order_id: orderId })))
      .execute();
    const eligibility = async () =>
      (
        await http().get<{
          possible: boolean;
          lines: { orderItemId: string; returnable: number }[];
        }>(`/api/orders/${orderId}/returns/eligibility`, { token })
      ).body;
    const ask = (quantity: number) =>
      http().post<ReturnView & { message?: string }>(
        `/api/orders/${orderId}/returns`,
        { kind: 'return', reason: 'One is enough', items: [{ orderItemId: item._id, quantity }] },
        { token },
      );
    const put = (id: string, action: string, extra?: unknown) =>
      http().put<ReturnView>(`/api/admin/returns/${id}/${action}`, extra, { token: admin });

    const first = await ask(1);
    expect(first.status).toBe(201);
    // One open request at a time.
    expect(await eligibility()).toMatchObject({ possible: false, lines: [{ returnable: 1 }] });
    expect((await ask(1)).status).toBe(409);
    expect((await put(first.body.id, 'approve')).status).toBe(200);
    const received = await put(first.body.id, 'receive', { huids: { [item._id]: [huidA] } });
    expect(received.body.huidMismatch).toBeNull();
    expect((await put(first.body.id, 'refund')).body.state).toBe('refunded');

    // The rest of the line is offered, and a request for it is taken, inside the same window.
    expect(await eligibility()).toEqual(
      expect.objectContaining({
        possible: true,
        lines: [{ orderItemId: item._id, returnable: 1 }],
      }),
    );
    const tooMany = await ask(2);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most 1 of 2 pieces/);
    const second = await ask(1);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      amount: perPiece,
      windowEndsOn: first.body.windowEndsOn,
      items: [{ quantity: 1, lineQuantity: 2 }],
    });
    expect((await put(second.body.id, 'approve')).status).toBe(200);
    // The piece that came back in the first return is not the rest of the line.
    const same = await put(second.body.id, 'receive', { huids: { [item._id]: [huidA] } });
    expect(same.body.huidMismatch).toMatch(new RegExp(`${huidA} came back in an earlier return`));
    expect((await put(second.body.id, 'refund')).status).toBe(409);
    const other = await put(second.body.id, 'correct', { huids: { [item._id]: [huidB] } });
    expect(other.body.huidMismatch).toBeNull();
    const refunded = await put(second.body.id, 'refund');
    expect(refunded.status).toBe(200);
    expect(refunded.body.state).toBe('refunded');

    // Each return has its own provider refund and credit note; nothing is left to return.
    const refunds = await db()
      .selectFrom('refunds')
      .select(['amount', 'purpose'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
    expect(refunds).toEqual([
      { amount: perPiece, purpose: `return-${first.body.id}` },
      { amount: perPiece, purpose: `return-${second.body.id}` },
    ]);
    const notes = await db()
      .selectFrom('invoices')
      .select(['number', 'document'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'CREDIT_NOTE')
      .orderBy('number')
      .execute();
    expect(notes).toHaveLength(2);
    const totals = notes.map((n) => (n.document as { totals: { total: number } }).totals.total);
    expect(totals).toEqual([perPiece, perPiece]);
    expect(await eligibility()).toMatchObject({ possible: false, lines: [{ returnable: 0 }] });
    expect((await ask(1)).status).toBe(400);

    // The settlement credits both notes against the one payment.
    const today = indiaDate(new Date());
    const settlement = await http().get<Settlement>(
      `/api/admin/reports/settlement?from=${today}&to=${today}`,
      { token: admin },
    );
    const row = settlement.body.payments.find((p) => p.orderId === orderId)!;
    expect(row).toMatchObject({
      credited: 2 * perPiece,
      creditNote: notes.map((n) => n.number).join(', '),
    });

    // The order offers both notes, oldest first, each downloaded by its number; creditNote stays
    // the latest at its plain path for clients that read one.
    const [older, latest] = notes.map((n) => n.number) as [string, string];
    const view = await http().get<OrderView>(`/api/orders/${orderId}`, { token });
    expect(view.body.creditNotes?.map((n) => n.number)).toEqual([older, latest]);
    expect(view.body.creditNote).toEqual({
      number: latest,
      url: `/api/orders/${orderId}/credit-note`,
    });
    const pdf = (path: string, as = token) =>
      fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${as}` } });
    for (const note of view.body.creditNotes ?? []) {
      const file = await pdf(note.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toContain(
        `${note.number.replaceAll('/', '-')}.pdf`,
      );
      // The admin opens the same documents from the order page.
      expect((await pdf(note.url, admin)).status).toBe(200);
    }
    const plain = await pdf(`/api/orders/${orderId}/credit-note`);
    expect(plain.headers.get('content-disposition')).toContain(
      `${latest.replaceAll('/', '-')}.pdf`,
    );
    // A number that is not one of this order's notes is not found; one that cannot be a number is 400.
    const unknown = await pdf(`/api/orders/${orderId}/credit-note?number=KJCN%2F1999-00%2F000001`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Credit note not found');
    const wrong = await pdf(`/api/orders/${orderId}/credit-note?number=${'9'.repeat(41)}`);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/names one document/);
  });

  it('refunds a return once under a double click and a worker SIGKILL: one provider refund, one credit note, stock back once', async () => {
    const size = sizes[2]!;
    const stockOf = async () =>
      (
        await db()
          .selectFrom('product_sizes')
          .select('stock')
          .where('id', '=', size.sizeId)
          .executeTakeFirstOrThrow()
      ).stock;
    const paid = await sandboxPaidOrder(server, size);
    expect((await http().get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    const orderId = paid.order._id;
    const itemId = paid.order.orderItems[0]!._id;
    for (const [action, body] of [
      ['ship', { carrier: 'bvc', awb: 'KJRET0002' }],
      ['deliver', undefined],
    ] as const)
      expect(
        (await http().put(`/api/admin/orders/${orderId}/${action}`, body, { token: admin })).status,
      ).toBe(200);
    const asked = await http().post<ReturnView>(
      `/api/orders/${orderId}/returns`,
      { kind: 'return', reason: 'Not as pictured', items: [{ orderItemId: itemId }] },
      { token: paid.shopper.token },
    );
    expect(asked.status).toBe(201);
    const put = (action: string, extra?: unknown) =>
      http().put<ReturnView>(`/api/admin/returns/${asked.body.id}/${action}`, extra, {
        token: admin,
      });
    expect((await put('approve')).status).toBe(200);
    const stockBefore = await stockOf();
    expect((await put('receive', { huids: { [itemId]: [] } })).body.state).toBe('received');

    // The worker that takes the refund holds between the provider's answer and its record.
    await worker.stop('SIGKILL');
    const fast = { WORKER_LOCK_DURATION_MS: '1500', WORKER_STALLED_INTERVAL_MS: '500' };
    worker = await startWorkerProcess(
      server,
      { ...fast, SMTP_URL: smtp.url, MAIL_POLL_MS: '200' },
      { faults: { holdRefundRecord: true } },
    );
    const clicks = await Promise.all([put('refund'), put('refund')]);
    for (const click of clicks) {
      expect(click.status).toBe(200);
      expect(click.body.state).toBe('refunded');
    }
    const sandboxRows = () =>
      db()
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('payment_id', '=', paid.paymentId)
        .execute();
    await eventually(async () => (await sandboxRows()).length === 1);
    await worker.stop('SIGKILL');
    worker = await startWorkerProcess(server, { ...fast, SMTP_URL: smtp.url, MAIL_POLL_MS: '200' });
    await eventually(async () => {
      const row = await db()
        .selectFrom('refunds')
        .select('state')
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row?.state === 'processed';
    }, 30_000);

    const rows = await sandboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.calls).toBe(2);
    expect(
      await db()
        .selectFrom('refunds')
        .select(['state', 'attempt'])
        .where('order_id', '=', orderId)
        .execute(),
    ).toEqual([{ state: 'processed', attempt: 1 }]);
    const creditNotes = await db()
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'CREDIT_NOTE')
      .execute();
    expect(creditNotes).toHaveLength(1);
    expect(await stockOf()).toBe(stockBefore + paid.order.orderItems[0]!.quantity);
    // A third click once done changes nothing.
    expect((await put('refund')).body.state).toBe('refunded');
    expect(await sandboxRows()).toHaveLength(1);
    expect(await stockOf()).toBe(stockBefore + paid.order.orderItems[0]!.quantity);
  }, 120_000);
});
