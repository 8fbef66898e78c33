import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExchangeRequest,
  exchangeRequests,
  oldGoldEstimate,
  settleExchangeRequest,
  storeCreditOf,
  type AuthUser,
} from '@kanak/core';
import {
  exchangeEstimateInput,
  exchangeRequestInput,
  exchangeSettleInput,
  PURITIES,
} from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, newCustomer, seededUser } from './support';

const SETTINGS = { EXCHANGE_PERCENT: 100, BUYBACK_PERCENT: 85 };

/** Old-gold exchange: the rule per karat, the "I don't know" estimate, the ask and its settlement. */
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
    const request = await createExchangeRequest(db(), {
      settings: SETTINGS,
      userId: user.id,
      input: { contactName: 'Asha Rao', contactPhone: '9876543210', visit: 'store', items },
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
    const tested = {
      pieces: [
        { fineness: 912, grossWeight: 8.2, netWeight: 8 },
        { fineness: 748, grossWeight: 5, netWeight: 4.7 },
      ],
      deduction: 500,
      reason: 'solder at the clasp',
    };
    // Crediting without the test record is refused: the figure must be explained.
    await expectRefusal(
      settleExchangeRequest(db(), admin.id, {
        requestId: request.id,
        outcome: 'credit',
        finalValue: 61000,
      }),
      'BAD_REQUEST',
    );
    const settle = () =>
      settleExchangeRequest(db(), admin.id, {
        requestId: request.id,
        outcome: 'credit',
        finalValue: 61000,
        tested,
      });
    const results = await Promise.allSettled([settle(), settle()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const credit = await storeCreditOf(db(), user.id);
    expect(credit.balance).toBe(61000);
    expect(credit.entries).toHaveLength(1);
    const [settled] = await exchangeRequests(db(), { id: request.id });
    expect(settled).toMatchObject({ status: 'credited', finalValue: 61000, tested });
    // The shopper is mailed at the request and at the settlement, with the valuation.
    const mails = await db()
      .selectFrom('notifications')
      .select(['kind', 'payload', 'recipient'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'exchange-update')
      .orderBy('id')
      .execute();
    expect(mails.map((m) => (m.payload as { state: string }).state)).toEqual([
      'requested',
      'credited',
    ]);
    expect(mails[1]!.payload).toMatchObject({
      finalValue: '₹61,000',
      deduction: '₹500 was taken off: solder at the clasp.',
      pieces: [
        'fineness 912 (karat meter), 8.2 g gross, 8 g net',
        'fineness 748 (karat meter), 5 g gross, 4.7 g net',
      ],
    });
  });

  it('books a pickup of several pieces for an address and a slot, from tomorrow to two weeks ahead', async () => {
    const user = await newCustomer(db());
    const today = new Date('2026-12-07T04:00:00Z');
    const clock = () => today;
    const pieces = [
      exchangeEstimateInput.parse({ metal: 'gold', purity: '22K', netWeight: 10 }),
      exchangeEstimateInput.parse({ metal: 'silver', purity: '925', grossWeight: 40 }),
    ];
    const input = {
      contactName: 'Asha Rao',
      contactPhone: '9845012345',
      visit: 'pickup' as const,
      pin: '560038',
      address: '12, 3rd Cross, Indiranagar, Bengaluru',
      items: pieces,
    };
    for (const date of ['2026-12-07', '2026-12-22', '2026-02-30'])
      await expectRefusal(
        createExchangeRequest(db(), {
          settings: SETTINGS,
          userId: user.id,
          input: { ...input, slot: { date, window: '10-13' } },
          clock,
        }),
        'BAD_REQUEST',
      );
    const request = await createExchangeRequest(db(), {
      settings: SETTINGS,
      userId: user.id,
      input: { ...input, slot: { date: '2026-12-10', window: '13-16' } },
      clock,
    });
    expect(request).toMatchObject({
      visit: 'pickup',
      pin: '560038',
      address: '12, 3rd Cross, Indiranagar, Bengaluru',
      slot: { date: '2026-12-10', window: '13-16' },
      tested: null,
    });
    expect(request.items).toHaveLength(2);
    const mail = await db()
      .selectFrom('notifications')
      .select('payload')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'exchange-update')
      .executeTakeFirstOrThrow();
    expect(mail.payload).toMatchObject({
      state: 'requested',
      visit:
        'Insured pickup on 10 Dec 2026, 1 pm – 4 pm, at 12, 3rd Cross, Indiranagar, Bengaluru 560038',
    });
    expect((mail.payload as { pieces: string[] }).pieces).toHaveLength(2);
  });

  it('asks a pickup for its address and slot, and reads the schema’s words', () => {
    const pickup = exchangeRequestInput.safeParse({
      contactName: 'Asha Rao',
      contactPhone: '98450 12345',
      visit: 'pickup',
      pin: '560038',
      items: [{ metal: 'gold', purity: '916', netWeight: 10 }],
    });
    expect(pickup.error?.issues.map((i) => i.message)).toEqual([
      'Give the full pickup address (house, street, area)',
      'Choose a day and a time for the pickup',
    ]);
    const settle = exchangeSettleInput.safeParse({
      requestId: '00000000-0000-4000-8000-000000000000',
      outcome: 'credit',
      finalValue: 40000,
      tested: { pieces: [{ fineness: 916, grossWeight: 10, netWeight: 9.5 }], deduction: 100 },
    });
    expect(settle.error?.issues.map((i) => i.message)).toEqual(['Say why the deduction was made']);
  });
});
