import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExchangeRequest,
  exchangeRequests,
  oldGoldEstimate,
  settleExchangeRequest,
  storeCreditOf,
  type AuthUser,
} from '@kanak/core';
import { exchangeEstimateInput, PURITIES } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, newCustomer, seededUser } from './support';

const SETTINGS = { EXCHANGE_PERCENT: 100, BUYBACK_PERCENT: 85 };

/** Old-gold exchange (issue 33, item 5): the rule per karat, the "I don't know" estimate, the ask and its settlement. */
describe('old-gold exchange (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;
  const rateOf = async (metal: string, purity: string) =>
    Number(
      (
        await db()
          .selectFrom('metal_rates')
          .select('rate_paise')
          .where('metal', '=', metal)
          .where('purity', '=', purity)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).rate_paise,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('values each purity at today’s rate: exchange 100 %, buyback 85 % of the metal value, making never counted', async () => {
    for (const p of PURITIES) {
      const ratePaise = await rateOf(p.metal, p.purity);
      const piece = exchangeEstimateInput.parse({
        metal: p.metal,
        purity: p.karat ?? p.purity,
        netWeight: '10.5',
      });
      const estimate = await oldGoldEstimate(db(), SETTINGS, piece);
      const metal = (ratePaise * 10.5) / 100;
      expect(estimate, p.label).toMatchObject({
        purity: p.purity,
        ratePerGram: ratePaise / 100,
        netWeight: 10.5,
        estimated: false,
        metalValue: Math.round(metal),
        exchangeValue: Math.round(metal),
        buybackValue: Math.round(metal * 0.85),
        exchangePercent: 100,
        buybackPercent: 85,
        note: null,
      });
      expect(estimate.rule).toContain('making charges are never refunded');
    }
    // The shop's own shares.
    const piece = exchangeEstimateInput.parse({ metal: 'gold', purity: '916', netWeight: 10 });
    const shop = await oldGoldEstimate(db(), { EXCHANGE_PERCENT: 98, BUYBACK_PERCENT: 80 }, piece);
    const metal = ((await rateOf('gold', '916')) * 10) / 100;
    expect(shop.exchangeValue).toBe(Math.round(metal * 0.98));
    expect(shop.buybackValue).toBe(Math.round(metal * 0.8));
    expect(shop.rule).toMatch(/Exchange: 98%.*Buyback: 80%/);
  });

  it('estimates from the gross weight less 7 % when the net weight is not known, and says so', async () => {
    const piece = exchangeEstimateInput.parse({ metal: 'gold', purity: '22K', grossWeight: 20 });
    const estimate = await oldGoldEstimate(db(), SETTINGS, piece);
    expect(estimate.estimated).toBe(true);
    expect(estimate.netWeight).toBe(18.6);
    expect(estimate.metalValue).toBe(Math.round(((await rateOf('gold', '916')) * 18.6) / 100));
    expect(estimate.note).toMatch(/estimated as 20 g less 7%.*5–7%/);
  });

  it('refuses bad input: unknown purity, no weight, net above gross', () => {
    for (const bad of [
      { metal: 'gold', purity: '600', netWeight: 1 },
      { metal: 'brass', purity: '916', netWeight: 1 },
      { metal: 'gold', purity: '916' },
      { metal: 'gold', purity: '916', netWeight: 5, grossWeight: 4 },
      { metal: 'gold', purity: '916', netWeight: -1 },
    ])
      expect(exchangeEstimateInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('records a request for the owner, and credits its tested value once', async () => {
    const user = await newCustomer(db());
    const items = [
      exchangeEstimateInput.parse({ metal: 'gold', purity: '916', netWeight: 8 }),
      exchangeEstimateInput.parse({ metal: 'gold', purity: '750', grossWeight: 5 }),
    ];
    const request = await createExchangeRequest(db(), SETTINGS, user.id, {
      contactName: 'Asha Rao',
      contactPhone: '9876543210',
      visit: 'store',
      items,
    });
    const expected = Math.round(
      ((await rateOf('gold', '916')) * 8 + (await rateOf('gold', '750')) * 4.65) / 100,
    );
    expect(request).toMatchObject({ status: 'requested', estimate: expected, email: user.email });
    expect((await exchangeRequests(db())).map((r) => r.id)).toContain(request.id);

    await expectRefusal(
      settleExchangeRequest(db(), admin.id, { requestId: request.id, outcome: 'credit' }),
      'BAD_REQUEST',
    );
    const settle = () =>
      settleExchangeRequest(db(), admin.id, {
        requestId: request.id,
        outcome: 'credit',
        finalValue: 61000,
      });
    const results = await Promise.allSettled([settle(), settle()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const credit = await storeCreditOf(db(), user.id);
    expect(credit.balance).toBe(61000);
    expect(credit.entries).toHaveLength(1);
    const [settled] = await exchangeRequests(db(), { id: request.id });
    expect(settled).toMatchObject({ status: 'credited', finalValue: 61000 });
  });
});
