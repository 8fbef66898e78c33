import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  adminListProducts,
  createProduct,
  getCart,
  getOrderFor,
  getProduct,
  listProducts,
  removeProduct,
  updateProduct,
} from '@kanak/core';
import {
  parseProductQuery,
  productInput,
  type ProductFormValues,
  type ProductInput,
} from '@kanak/shared';
import { createDb } from '@kanak/db';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, MISSING_ID, newCustomer, placeOrder, seededUser } from './support';

/** The admin form's payload, read by the same schema the use case declares as its input. */
const form = (overrides: Partial<ProductFormValues> = {}): ProductInput =>
  productInput.parse({
    imageUrls: [{ imageUrl: '/media/a.svg' }, { imageUrl: '/media/b.svg' }],
    title: 'Test Lotus Gold Ring',
    brand: 'Kanak',
    color: 'yellow',
    price: 20000,
    discountedPrice: 15000,
    description: 'A ring made by a test.',
    details: 'Metal: Gold.',
    occasion: 'casual',
    quantity: 9,
    collectionName: 'new-arrival',
    type: 'gold',
    sizes: [
      { weight: '3 g', size: '16 MM', stock: 4 },
      { weight: '3.5 g', size: '17 MM', stock: 5 },
    ],
    topLevelCategory: 'gold',
    secondLevelCategory: 'rings',
    thirdLevelCategory: 'ring',
    ...overrides,
  });

describe('admin product rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('creates a product with one stock figure per size row, in the given order', async () => {
    const product = await createProduct(db(), form());
    expect(product.sizes).toMatchObject([
      { weight: '3 g', size: '16 MM', stock: 4 },
      { weight: '3.5 g', size: '17 MM', stock: 5 },
    ]);
    expect(product).toMatchObject({
      title: 'Test Lotus Gold Ring',
      topLevelCategory: 'gold',
      secondLevelCategory: 'rings',
      thirdLevelCategory: 'ring',
      numRatings: 0,
      averageRating: null,
    });
    expect(await getProduct(db(), product._id)).toEqual(product);
  });

  it('recomputes the discount percent from the two prices, whatever the form said', async () => {
    const product = await createProduct(
      db(),
      form({ price: 10000, discountedPrice: 7500, discountPercent: 90 }),
    );
    expect(product.discountPercent).toBe(25);
  });

  it('a single image is repeated for the hover; the same URL twice is kept once', async () => {
    const single = await createProduct(db(), form({ imageUrls: [{ imageUrl: '/media/x.svg' }] }));
    expect(single.imageUrls).toEqual([{ imageUrl: '/media/x.svg' }, { imageUrl: '/media/x.svg' }]);
    const twice = await createProduct(
      db(),
      form({
        imageUrls: [
          { imageUrl: '/media/x.svg' },
          { imageUrl: '/media/x.svg' },
          { imageUrl: '/media/y.svg' },
        ],
      }),
    );
    expect(twice.imageUrls).toEqual([{ imageUrl: '/media/x.svg' }, { imageUrl: '/media/y.svg' }]);
  });

  it('files the product under its three category names, creating a missing branch', async () => {
    const product = await createProduct(
      db(),
      form({
        topLevelCategory: 'platinum',
        secondLevelCategory: 'wedding',
        thirdLevelCategory: 'hoop',
      }),
    );
    expect([
      product.topLevelCategory,
      product.secondLevelCategory,
      product.thirdLevelCategory,
    ]).toEqual(['platinum', 'wedding', 'hoop']);
    // A second product on the same branch reuses the nodes instead of adding another.
    await createProduct(
      db(),
      form({
        topLevelCategory: 'platinum',
        secondLevelCategory: 'wedding',
        thirdLevelCategory: 'hoop',
      }),
    );
    const nodes = await database.db
      .selectFrom('categories')
      .select('id')
      .where('name', '=', 'wedding')
      .where('level', '=', 2)
      .where('parent_id', 'in', (eb) =>
        eb
          .selectFrom('categories')
          .select('id')
          .where('name', '=', 'platinum')
          .where('level', '=', 1),
      )
      .execute();
    expect(nodes).toHaveLength(1);
  });

  it('a new product counts in the listing at once (cached totals are cleared)', async () => {
    const filter = parseProductQuery({ category: 'couple-ring' });
    const before = (await listProducts(db(), filter)).totalElements;
    await createProduct(db(), form({ thirdLevelCategory: 'couple-ring' }));
    expect((await listProducts(db(), filter)).totalElements).toBe(before + 1);
  });

  it('updating keeps a size row matched by weight (and the cart lines on it), drops and adds the rest', async () => {
    const product = await createProduct(db(), form());
    const buyer = await newCustomer(db());
    await addToCart(db(), buyer.id, { productId: product._id, weight: '3 g', quantity: 2 });
    await addToCart(db(), buyer.id, { productId: product._id, weight: '3.5 g', quantity: 1 });
    const updated = await updateProduct(
      db(),
      product._id,
      form({
        title: 'Renamed Ring',
        sizes: [
          { weight: '4 g', size: '18 MM', stock: 7 },
          { weight: '3 g', size: '16 MM', stock: 9 },
        ],
      }),
    );
    expect(updated.title).toBe('Renamed Ring');
    expect(updated.sizes).toMatchObject([
      { weight: '4 g', size: '18 MM', stock: 7 },
      { weight: '3 g', size: '16 MM', stock: 9 },
    ]);
    // The kept weight's line survives with the new stock; the dropped weight's line is gone.
    const cart = await getCart(db(), buyer.id);
    expect(cart.cartItems.map((i) => [i.weight, i.quantity, i.stock])).toEqual([['3 g', 2, 9]]);
  });

  it("a stock edit waiting on a payment's row lock is refused with the stock the payment left", async () => {
    const product = await createProduct(db(), form({ title: 'Locked Ring' }));
    const sizeId = (
      await db()
        .selectFrom('product_sizes')
        .select('id')
        .where('product_id', '=', product._id)
        .where('weight', '=', '3 g')
        .executeTakeFirstOrThrow()
    ).id;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // A payment confirmation: the size row locked, three taken, committed a little later.
    const payment = db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('product_sizes')
          .select('id')
          .where('id', '=', sizeId)
          .forUpdate()
          .execute();
        await trx
          .updateTable('product_sizes')
          .set((eb) => ({ stock: eb('stock', '-', 3) }))
          .where('id', '=', sizeId)
          .execute();
        locked();
        await held;
      });
    await lockTaken;
    // The admin's form loaded 4 before the payment and they set 6. Read without the lock, 4
    // would still be there and 6 would be written over the sale once the payment commits.
    const sizes = product.sizes.map((s) => ({ ...s, loadedStock: s.stock }));
    sizes[0]!.stock = 6;
    const save = updateProduct(
      db(),
      product._id,
      form({ title: 'Locked Ring (restocked)', sizes, loadedUpdatedAt: product.updatedAt }),
    );
    save.catch(() => undefined); // asserted below, once the payment is done
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await payment;
    await expectRefusal(
      save,
      'CONFLICT',
      'Stock of 3 g changed from 4 to 1 while you were editing; nothing was saved. Check the stock and save again.',
    );
    const after = await getProduct(db(), product._id);
    expect([after.title, ...after.sizes.map((s) => s.stock)]).toEqual(['Locked Ring', 1, 5]);
  });

  // The chaos soak saw a product save answer 500 "deadlock detected" against a checkout: the save
  // locked the product row FOR UPDATE, which waits for the key-share lock a new line's foreign key
  // takes on it. It locks FOR NO KEY UPDATE now (it never changes the key): no wait, no cycle.
  it('saves a product while a checkout holding a foreign key to it is open', async () => {
    const product = await createProduct(db(), form());
    const shopper = await newCustomer(db());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const keyShared = new Promise<void>((resolve) => (locked = resolve));
    const checkout = db()
      .transaction()
      .execute(async (trx) => {
        const cart = await trx
          .insertInto('carts')
          .values({ user_id: shopper.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        const size = await trx
          .selectFrom('product_sizes')
          .select('id')
          .where('product_id', '=', product._id)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('cart_items')
          .values({ cart_id: cart.id, product_id: product._id, size_id: size.id, quantity: 1 })
          .execute();
        locked();
        await held;
      });
    try {
      await keyShared;
      // One connection whose every lock wait gives up after 3 s: the save must not wait at all.
      const admin = createDb(database.url, 1);
      try {
        await sql`SET lock_timeout = '3s'`.execute(admin);
        const saved = await updateProduct(
          admin,
          product._id,
          form({ description: 'Saved meanwhile.' }),
        );
        expect(saved.description).toBe('Saved meanwhile.');
      } finally {
        await admin.destroy();
      }
    } finally {
      release();
      await checkout;
    }
  });

  it('updating or removing an unknown product is a 404', async () => {
    await expectRefusal(updateProduct(db(), MISSING_ID, form()), 'NOT_FOUND', 'Product not found');
    await expectRefusal(removeProduct(db(), MISSING_ID), 'NOT_FOUND', 'Product not found');
    await expectRefusal(removeProduct(db(), 'x'), 'BAD_REQUEST');
  });

  it('removing a product keeps the orders that bought it, with their copied lines', async () => {
    const product = await createProduct(db(), form({ title: 'Soon Gone Ring' }));
    const buyer = await newCustomer(db());
    const order = await placeOrder(db(), buyer, [
      { productId: product._id, weight: '3 g', quantity: 1 },
    ]);
    expect(await removeProduct(db(), product._id)).toEqual({
      message: 'Product deleted successfully',
    });
    await expectRefusal(getProduct(db(), product._id), 'NOT_FOUND');
    const kept = await getOrderFor(db(), await seededUser(db(), 'admin'), order._id);
    expect(kept.orderItems).toHaveLength(1);
    expect(kept.orderItems[0]).toMatchObject({
      product: null,
      title: 'Soon Gone Ring',
      weight: '3 g',
      quantity: 1,
    });
  });

  it('the admin list is newest first and searches title and brand', async () => {
    const newest = await createProduct(
      db(),
      form({ title: 'Zebrawood Test Pendant', brand: 'Quartzline', collectionName: 'dharohar' }),
    );
    const page = await adminListProducts(db(), { pageSize: 5 });
    expect(page.content[0]!._id).toBe(newest._id);
    const created = page.content.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect((await adminListProducts(db(), { q: 'zebrawood' })).content.map((p) => p._id)).toEqual([
      newest._id,
    ]);
    expect((await adminListProducts(db(), { q: 'quartz' })).totalElements).toBe(1);
  });
});
