// Shoppers and an administrator, over the public REST paths only, spread across both servers.
// A shopper browses, fills a cart, checks out, pays at the (fake) provider and comes back; the
// provider's webhook reports the same payment (sometimes both, sometimes only one of them).
import { createHmac, randomBytes } from 'node:crypto';
import type { OrderView, ProductView } from '@kanak/core';
import { ADDRESS } from '../server/test/pipeline-support';
import { sleep } from '../server/test/process-support';
import type { SoakClient } from './client';
import type { SoakEnvironment } from './environment';
import { WEBHOOK_SECRET } from './environment';

/** How a payment reached the shop. */
export type Delivery = 'return' | 'webhook' | 'both';

export interface PaidOrder {
  orderId: string;
  paymentId: string;
  linkId: string;
  delivery: Delivery;
  /** Some delivery was answered 200 (else only reconciliation can find the payment). */
  acknowledged: boolean;
  /** The admin's next move for it: 0 confirm, 1 ship, 2 deliver, 3 done. */
  step: number;
}

export interface LoadStats {
  shoppers: number;
  signups: number;
  ordersPlaced: number;
  paymentLinks: number;
  paid: PaidOrder[];
  reviews: number;
  adminEdits: number;
  adminMoves: number;
  ratePublishes: number;
  /** Order ids the soak created (an answer was read), paid or not. */
  ordersCreated: string[];
}

export const newLoadStats = (): LoadStats => ({
  shoppers: 0,
  signups: 0,
  ordersPlaced: 0,
  paymentLinks: 0,
  paid: [],
  reviews: 0,
  adminEdits: 0,
  adminMoves: 0,
  ratePublishes: 0,
  ordersCreated: [],
});

export interface LoadOptions {
  shoppers: number;
  /** A shopper's pause between two steps, ms (random up to twice this). */
  thinkMs: number;
  /** Products shoppers buy (their stock checked at the end); any product may be browsed. */
  workingSet: string[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const think = (ms: number) => sleep(ms * (0.5 + Math.random()));
const SEARCHES = ['ring', 'gold', 'necklace', 'diamond', 'earring', 'bangle', 'silver chain'];
const CATEGORIES = ['ring', 'earring', 'necklace', 'bangle', 'chain', 'pendant', 'bracelet'];

/** Retries `attempt` while it gets no answer or a 5xx, as a browser reload or a provider would. */
async function persist(
  attempt: () => Promise<{ status: number }>,
  running: () => boolean,
  tries = 6,
) {
  let status = 0;
  for (let i = 0; i < tries; i++) {
    status = (await attempt()).status;
    if (status > 0 && status < 500) return status;
    if (!running() && i >= 2) break;
    await sleep(Math.min(4000, 500 * 2 ** i));
  }
  return status;
}

export function startLoad(
  env: SoakEnvironment,
  http: SoakClient,
  options: LoadOptions,
  stats: LoadStats,
) {
  let running = true;
  const isRunning = () => running;

  async function signup(n: number): Promise<string | null> {
    const email = `soak.${n}.${randomBytes(4).toString('hex')}@example.com`;
    while (running) {
      const res = await http.post<{ jwt: string }>('signup', '/auth/signup', {
        body: { firstName: 'Soak', lastName: `Shopper${n}`, email, password: 'Soak@1234' },
      });
      if (res.status === 201) {
        stats.signups++;
        return res.json.jwt;
      }
      // Taken: the first try was made though its answer was lost. Log in instead.
      if (res.status === 409 || res.status === 400) {
        const login = await http.post<{ jwt: string }>('login', '/auth/login', {
          body: { email, password: 'Soak@1234' },
        });
        if (login.status === 200) return login.json.jwt;
      }
      await sleep(1000);
    }
    return null;
  }

  async function browse() {
    const page = 1 + Math.floor(Math.random() * 3);
    await http.get('listing', `/api/products?pageSize=12&pageNumber=${page}`);
    await http.get(
      'category listing',
      `/api/products?category=${pick(CATEGORIES)}&pageSize=12&sort=high_to_low`,
    );
    await http.get('search', `/api/products/search?q=${encodeURIComponent(pick(SEARCHES))}`);
  }

  async function deliver(order: PaidOrder, token: string) {
    const returnPath = `/api/payment?payment_id=${order.paymentId}&order_id=${order.orderId}&razorpay_payment_link_id=${order.linkId}`;
    const webhook = JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      payload: {
        payment_link: {
          entity: { id: order.linkId, reference_id: order.orderId, status: 'paid' },
        },
        payment: { entity: { id: order.paymentId, status: 'captured' } },
      },
    });
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(webhook).digest('hex');
    const first = Math.floor(Math.random() * 2);
    const back = () =>
      persist(() => http.get('payment return', returnPath, { token, server: first }), isRunning);
    const hook = () =>
      persist(
        () =>
          http.post('payment webhook', '/api/payment/webhook', {
            raw: webhook,
            headers: { 'x-razorpay-signature': signature },
            server: 1 - first,
          }),
        isRunning,
      );
    const statuses =
      order.delivery === 'return'
        ? [await back()]
        : order.delivery === 'webhook'
          ? [await hook()]
          : await Promise.all([back(), hook()]);
    order.acknowledged = statuses.some((s) => s === 200);
  }

  async function buy(token: string) {
    const productId = pick(options.workingSet);
    const product = await http.get<ProductView>('product', `/api/products/id/${productId}`);
    if (product.status !== 200) return;
    await http.get('similar', `/api/products/id/${productId}/similar`);
    const size = pick(product.json.sizes.filter((s) => s.stock > 0));
    if (!size) return;
    await think(options.thinkMs);
    const added = await http.put('cart add', '/api/cart/add', {
      token,
      body: { productId, weight: size.weight, quantity: 1 + Math.floor(Math.random() * 2) },
    });
    if (added.status !== 200) return;
    await http.get('cart', '/api/cart', { token });
    await think(options.thinkMs);
    const created = await http.post<OrderView>('order create', '/api/orders/', {
      token,
      body: ADDRESS,
    });
    if (created.status !== 201) return;
    const orderId = created.json._id;
    stats.ordersPlaced++;
    stats.ordersCreated.push(orderId);
    const link = await http.post<{ payment_link_id: string }>(
      'payment link',
      `/api/payment/${orderId}`,
      { token },
    );
    if (link.status !== 200) return;
    stats.paymentLinks++;
    await think(options.thinkMs);
    // The shopper pays at the provider: from here the shop owes this order, exactly once.
    const paymentId = env.fake.pay(link.json.payment_link_id);
    const roll = Math.random();
    const order: PaidOrder = {
      orderId,
      paymentId,
      linkId: link.json.payment_link_id,
      delivery: roll < 0.4 ? 'return' : roll < 0.7 ? 'webhook' : 'both',
      acknowledged: false,
      step: 0,
    };
    stats.paid.push(order);
    await deliver(order, token);
    await http.get('order', `/api/orders/${orderId}`, { token });
    if (Math.random() < 0.4) {
      const review = await http.post('review', '/api/reviews/create', {
        token,
        body: { productId, review: 'Lovely piece, as pictured (soak).', rating: 4.5 },
      });
      if (review.status === 201) stats.reviews++;
    }
  }

  async function shopper(n: number) {
    await sleep(n * 150);
    const token = await signup(n);
    if (!token) return;
    stats.shoppers++;
    while (running) {
      await browse();
      await think(options.thinkMs);
      await buy(token);
      await think(options.thinkMs);
      if (Math.random() < 0.3) await http.get('my orders', '/api/orders/user', { token });
    }
  }

  async function adminToken(): Promise<string | null> {
    while (running) {
      const res = await http.post<{ jwt: string }>('admin login', '/auth/login', {
        body: { email: env.admin.email, password: env.admin.password },
      });
      if (res.status === 200) return res.json.jwt;
      await sleep(1000);
    }
    return null;
  }

  /** A text-only edit, as the product form saves it: stocks sent back as loaded (kept). */
  async function editProduct(token: string) {
    const productId = pick(options.workingSet);
    const loaded = await http.get<ProductView>('admin product', `/api/products/id/${productId}`);
    if (loaded.status !== 200) return;
    const product = loaded.json;
    const { stones: _stones, ...rest } = product as ProductView & { stones?: unknown };
    const edited = await http.put('admin product edit', `/api/admin/products/${productId}`, {
      token,
      body: {
        ...rest,
        description: `${product.description.replace(/ \(soak edit \d+\)$/, '')} (soak edit ${stats.adminEdits + 1})`,
        loadedUpdatedAt: product.updatedAt,
        sizes: product.sizes.map((s) => ({ ...s, loadedStock: s.stock })),
      },
    });
    if (edited.status === 200) stats.adminEdits++;
  }

  async function moveOrder(token: string) {
    const open = stats.paid.filter((o) => o.step < 3);
    if (!open.length) return;
    const order = pick(open);
    const action = (['confirmed', 'ship', 'deliver'] as const)[order.step]!;
    const moved = await http.put(
      'admin order move',
      `/api/admin/orders/${order.orderId}/${action}`,
      {
        token,
        body: {},
      },
    );
    if (moved.status === 200 || moved.status === 202) {
      order.step++;
      stats.adminMoves++;
    }
  }

  async function publishRates(token: string) {
    const table = await http.get<{
      rates: { metal: string; purity: string; ratePerGram: number }[];
    }>('metal rates', '/api/metal-rates');
    if (table.status !== 200 || !table.json.rates.length) return;
    const rates = table.json.rates.map((r) => ({
      metal: r.metal,
      purity: r.purity,
      // Within ±2 % of today's: no confirmation needed.
      ratePerGram: Math.round(r.ratePerGram * (0.98 + Math.random() * 0.04) * 100) / 100,
    }));
    const published = await http.put('admin rates publish', '/api/admin/metal-rates', {
      token,
      body: { rates },
    });
    if (published.status === 200) stats.ratePublishes++;
  }

  async function admin() {
    const token = await adminToken();
    if (!token) return;
    let lastPublish = Date.now();
    while (running) {
      await sleep(1000 + Math.random() * 1500);
      if (!running) break;
      if (Date.now() - lastPublish > 20_000) {
        lastPublish = Date.now();
        await publishRates(token);
      } else if (Math.random() < 0.6) await moveOrder(token);
      else await editProduct(token);
      if (Math.random() < 0.2) await http.get('admin orders', '/api/admin/orders', { token });
    }
  }

  const loops = [...Array.from({ length: options.shoppers }, (_, n) => shopper(n)), admin()];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
