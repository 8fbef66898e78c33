import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  addToCart,
  applyAdminMove,
  confirmPayment,
  createOrderFromCart,
  createProduct,
  getOrderFor,
  issueInvoice,
  listProducts,
  openInvoicePdf,
  recordOrderHuids,
  updateProduct,
  type AuthUser,
  type SellerDetails,
} from '@kanak/core';
import { createDb } from '@kanak/db';
import {
  documentNumber,
  financialYear,
  formatIndiaDate,
  parseProductQuery,
  productInput,
  type AddressInput,
  type ProductFormValues,
  type ProductInput,
} from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { ADDRESS, expectRefusal, newCustomer, payable, sandbox, seededUser } from './support';

const form = (overrides: Partial<ProductFormValues> = {}): ProductInput =>
  productInput.parse({
    imageUrls: [{ imageUrl: '/media/a.svg' }],
    title: 'Hallmarked Lotus Ring',
    brand: 'Kanak',
    color: 'yellow',
    price: 60000,
    discountedPrice: 51845,
    description: 'A 22 karat ring.',
    details: 'Metal: Gold.',
    occasion: 'casual',
    quantity: 1000,
    collectionName: 'new-arrival',
    type: 'gold',
    sizes: [{ weight: '3.39 g', size: '16.5 MM', stock: 1000 }],
    topLevelCategory: 'gold',
    secondLevelCategory: 'rings',
    thirdLevelCategory: 'ring',
    hallmark: '22K916',
    ...overrides,
  });

const SELLER: SellerDetails = {
  legalName: 'Kanak Jewellers Private Limited',
  address: '12 Residency Road, Bengaluru, Karnataka 560025',
  state: 'Karnataka',
  stateCode: '29',
  gstin: '29AAACK1234E1ZY',
};

describe('selling in India (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let ringId: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
    ringId = (await createProduct(db(), form()))._id;
  });
  afterAll(async () => {
    await database.drop();
  });

  async function pendingOrder(user: AuthUser, address: AddressInput = ADDRESS, quantity = 1) {
    await addToCart(db(), user.id, { productId: ringId, weight: '3.39 g', quantity });
    return createOrderFromCart({ db: db(), userId: user.id, address, limits: NO_LIMITS });
  }
  async function pay(dbx: typeof database.db, user: AuthUser, orderId: string) {
    const { paid } = await payable(db(), user, orderId);
    return confirmPayment(dbx, sandbox, { orderId, paymentId: paid, source: 'return' });
  }
  const numberOf = async (orderId: string) =>
    await db()
      .selectFrom('invoices')
      .select(['number', 'seq', 'fy'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'INVOICE')
      .executeTakeFirstOrThrow();

  it('numbers 200 orders paid at once over two workers gaplessly, one number each', async () => {
    const second = createDb(database.url, 5);
    try {
      const orders: { user: AuthUser; id: string }[] = [];
      for (let batch = 0; batch < 20; batch++)
        orders.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, async (_, i) => {
              const user = await newCustomer(db(), `inv${batch}x${i}`);
              return { user, id: (await pendingOrder(user))._id };
            }),
          )),
        );
      // The demo seed's paid orders hold this year's first numbers: these 200 follow them.
      const fy = financialYear(new Date());
      const seeded = await db()
        .selectFrom('invoices')
        .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), eb.lit(0)).as('last'))
        .where('fy', '=', fy)
        .where('series', '=', 'KJ')
        .executeTakeFirstOrThrow();
      // Two workers (two connection pools), each applying five confirmations at a time.
      const lanes = [db(), second].flatMap((pool, w) =>
        Array.from({ length: 5 }, async (_, lane) => {
          const done = [];
          for (let i = w * 5 + lane; i < orders.length; i += 10)
            done.push(await pay(pool, orders[i]!.user, orders[i]!.id));
          return done;
        }),
      );
      const results = (await Promise.all(lanes)).flat();
      expect(results).toHaveLength(200);
      expect(results.every((r) => r.outcome.result === 'PAID')).toBe(true);
      const rows = await db()
        .selectFrom('invoices')
        .select(['seq', 'number', 'order_id'])
        .where('fy', '=', fy)
        .where('kind', '=', 'INVOICE')
        .where('seq', '>', seeded.last)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.seq)).toEqual(
        Array.from({ length: 200 }, (_, i) => seeded.last + i + 1),
      );
      expect(new Set(rows.map((r) => r.order_id)).size).toBe(200);
      expect(rows[122]!.number).toBe(documentNumber('KJ', fy, seeded.last + 123));
    } finally {
      await second.destroy();
    }
  }, 240_000);

  it('restarts at 1 in April (India’s time), by the clock it is given', async () => {
    const user = await newCustomer(db(), 'april');
    const march = await pendingOrder(user);
    const april1 = await pendingOrder(user);
    const april2 = await pendingOrder(user);
    const issue = (orderId: string, at: Date) =>
      db()
        .transaction()
        .execute(async (trx) => {
          const order = await trx
            .selectFrom('orders')
            .selectAll()
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow();
          return issueInvoice(trx, order, at);
        });
    expect((await issue(march._id, new Date('2031-03-31T23:59:00+05:30'))).number).toBe(
      'KJ/2030-31/000001',
    );
    expect((await issue(april1._id, new Date('2031-04-01T00:01:00+05:30'))).number).toBe(
      'KJ/2031-32/000001',
    );
    expect((await issue(april2._id, new Date('2031-04-02T10:00:00+05:30'))).number).toBe(
      'KJ/2031-32/000002',
    );
  });

  const pdfText = async (bytes: Uint8Array) => {
    // pdf.js takes the buffer over: it reads a copy.
    const proxy = await getDocumentProxy(new Uint8Array(bytes));
    return (await extractText(proxy, { mergePages: true })).text;
  };
  const readAll = async (body: Buffer) => new Uint8Array(body);

  it('prints a gemstone piece with no purity line and no hallmark or HUID note, ₹ and India dates', async () => {
    const stud = await createProduct(
      db(),
      form({
        title: 'Ruby Cluster Stud',
        type: 'gemstone',
        hallmark: null,
        topLevelCategory: 'gemstone',
        details: 'Stone: Ruby.',
        sizes: [{ weight: '1.2 g', size: '16 MM', stock: 50 }],
      }),
    );
    const user = await newCustomer(db(), 'gemstone');
    await addToCart(db(), user.id, { productId: stud._id, weight: '1.2 g', quantity: 1 });
    const order = await createOrderFromCart({
      db: db(),
      userId: user.id,
      address: ADDRESS,
      limits: NO_LIMITS,
    });
    await pay(db(), user, order._id);
    const file = await openInvoicePdf(db(), {
      user,
      id: order._id,
      kind: 'INVOICE',
      seller: SELLER,
    });
    const text = await pdfText(await readAll(file.body));
    expect(text).toContain('Ruby Cluster Stud');
    expect(text).toContain('Net wt 1.2 g each');
    expect(text).not.toContain('Purity');
    expect(text).not.toMatch(/HUID|hallmark|BIS/i);
    expect(text).toContain(`Date: ${formatIndiaDate(new Date())}`);
    expect(text).toMatch(/Total\s*₹[\d,]+/);
    expect(text).not.toContain('Rs.');
  });

  it('prints each line, its HUIDs and CGST + SGST within the state; the file is kept', async () => {
    const user = await newCustomer(db(), 'intra');
    const order = await pendingOrder(user, ADDRESS, 2);
    await pay(db(), user, order._id);
    const itemId = order.orderItems[0]!._id;
    // Before the gold pieces' HUIDs are recorded the invoice is not issued as a file.
    await expectRefusal(
      openInvoicePdf(db(), { user, id: order._id, kind: 'INVOICE', seller: SELLER }),
      'CONFLICT',
      /HUID/,
    );
    await recordOrderHuids(db(), order._id, { [itemId]: ['AB12CD', 'ab12ce'] });
    const file = await openInvoicePdf(db(), {
      user,
      id: order._id,
      kind: 'INVOICE',
      seller: SELLER,
    });
    const bytes = await readAll(file.body);
    const text = await pdfText(bytes);
    const { number } = await numberOf(order._id);
    expect(file.number).toBe(number);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(number);
    expect(text).toContain('Hallmarked Lotus Ring');
    expect(text).toContain('22K916');
    expect(text).toContain('AB12CD, AB12CE');
    expect(text).toContain('7113');
    // 2 × ₹51,845 = ₹1,03,690 inclusive: taxable ₹1,00,670, GST ₹3,020 = 1,510 + 1,510.
    expect(text).toContain('₹1,00,670');
    expect(text).not.toContain('Rs.');
    expect(text).toMatch(/CGST 1\.5%\s*₹1,510/);
    expect(text).toMatch(/SGST 1\.5%\s*₹1,510/);
    expect(text).not.toContain('IGST');
    expect(text).toContain('Rupees One Lakh Three Thousand Six Hundred Ninety Only');
    expect(text).toContain('29AAACK1234E1ZY');
    expect(text).toMatch(/BIS\s+CARE/);
    // The same document every time: a HUID recorded later does not change the stored file.
    const again = await readAll(
      (await openInvoicePdf(db(), { user: admin, id: order._id, kind: 'INVOICE', seller: SELLER }))
        .body,
    );
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    // Another customer sees nothing of it.
    const stranger = await newCustomer(db(), 'stranger');
    await expectRefusal(
      openInvoicePdf(db(), { user: stranger, id: order._id, kind: 'INVOICE', seller: SELLER }),
      'NOT_FOUND',
    );
  });

  it('charges IGST when the goods go to another state', async () => {
    const user = await newCustomer(db(), 'inter');
    const order = await pendingOrder(user, {
      ...ADDRESS,
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
    });
    await pay(db(), user, order._id);
    await recordOrderHuids(db(), order._id, { [order.orderItems[0]!._id]: ['PUNE01'] });
    const text = await pdfText(
      await readAll(
        (await openInvoicePdf(db(), { user, id: order._id, kind: 'INVOICE', seller: SELLER })).body,
      ),
    );
    expect(text).toContain('Place of supply: Maharashtra (code 27)');
    expect(text).toMatch(/IGST 3%\s*₹1,510/);
    expect(text).not.toContain('CGST');
  });

  it('an invoice only exists once paid', async () => {
    const user = await newCustomer(db(), 'unpaid');
    const order = await pendingOrder(user);
    await expectRefusal(
      openInvoicePdf(db(), { user, id: order._id, kind: 'INVOICE', seller: SELLER }),
      'NOT_FOUND',
    );
    expect((await getOrderFor(db(), user, order._id)).invoice).toBeNull();
  });

  it('a refund due after payment gets a credit note in its own series, naming the invoice', async () => {
    const user = await newCustomer(db(), 'refund');
    const order = await pendingOrder(user);
    await pay(db(), user, order._id);
    await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `test-cancel-${order._id}`,
    });
    const view = await getOrderFor(db(), user, order._id);
    expect(view.creditNote?.number).toMatch(/^KJCN\/\d{4}-\d{2}\/\d{6}$/);
    const text = await pdfText(
      await readAll(
        (await openInvoicePdf(db(), { user, id: order._id, kind: 'CREDIT_NOTE', seller: SELLER }))
          .body,
      ),
    );
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice ${view.invoice!.number}`);
  });

  it('sells a HUID once in the whole shop, even when two orders record it at once', async () => {
    const a = await newCustomer(db(), 'huida');
    const b = await newCustomer(db(), 'huidb');
    const orderA = await pendingOrder(a);
    const orderB = await pendingOrder(b);
    await pay(db(), a, orderA._id);
    await pay(db(), b, orderB._id);
    const results = await Promise.allSettled([
      recordOrderHuids(db(), orderA._id, { [orderA.orderItems[0]!._id]: ['SAME01'] }),
      recordOrderHuids(db(), orderB._id, { [orderB.orderItems[0]!._id]: ['SAME01'] }),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    const winner = results[0]!.status === 'fulfilled' ? orderA._id : orderB._id;
    await expectRefusal(Promise.reject(refused[0]!.reason), 'CONFLICT', new RegExp(winner));
    // Format and count per line are checked too.
    await expectRefusal(
      recordOrderHuids(db(), orderA._id, { [orderA.orderItems[0]!._id]: ['AAA111', 'BBB222'] }),
      'BAD_REQUEST',
      /at most that many/,
    );
    const view = await getOrderFor(db(), admin, winner);
    expect(view.orderItems[0]).toMatchObject({
      huids: ['SAME01'],
      needsHuid: true,
      hallmark: '22K916',
    });
  });

  it('refuses "diamond" beside laboratory-grown diamonds, and a certificate twice', async () => {
    const stone = {
      kind: 'diamond',
      origin: 'laboratory-grown' as const,
      count: 1,
      carat: 0.5,
      certificate: { lab: 'IGI' as const, number: 'LG123456' },
    };
    await expectRefusal(
      createProduct(db(), form({ title: 'Diamond solitaire', stones: [stone] })),
      'BAD_REQUEST',
      /laboratory-grown diamond/,
    );
    const lab = await createProduct(
      db(),
      form({ title: 'Laboratory-grown diamond solitaire', hallmark: '18K750', stones: [stone] }),
    );
    expect(lab.stones?.[0]).toMatchObject({ name: 'laboratory-grown diamond', carat: 0.5 });
    await expectRefusal(
      createProduct(
        db(),
        form({
          title: 'Natural diamond studs',
          stones: [
            { ...stone, origin: 'natural', certificate: { lab: 'IGI', number: 'lg123456' } },
          ],
        }),
      ),
      'CONFLICT',
      /IGI LG123456|lg123456/i,
    );
    // An edit that sends no stones keeps them, and the rule still applies.
    await expectRefusal(
      updateProduct(db(), lab._id, form({ title: 'Diamond solitaire', hallmark: '18K750' })),
      'BAD_REQUEST',
      /title/,
    );
    const natural = await createProduct(
      db(),
      form({
        title: 'Diamond pendant',
        stones: [{ ...stone, origin: 'natural', certificate: { lab: 'GIA', number: '2211' } }],
      }),
    );
    const ids = async (origin: string) =>
      (await listProducts(db(), parseProductQuery({ origin, pageSize: 100 }))).content.map(
        (p) => p._id,
      );
    // The seeded catalogue has certified pieces of both origins too: each filter keeps its own.
    const labGrown = await ids('laboratory-grown');
    const naturals = await ids('natural');
    expect(labGrown).toContain(lab._id);
    expect(labGrown).not.toContain(natural._id);
    expect(naturals).toContain(natural._id);
    expect(naturals).not.toContain(lab._id);
  });
});
