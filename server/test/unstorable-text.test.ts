// Text PostgreSQL cannot store (a NUL byte, a lone surrogate) is refused by the shared text rule
// with a 400 that says why, on tRPC and REST alike; before, a plan name "a\u0000b" was a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { UNSTORABLE_TEXT_MESSAGE } from '@kanak/shared';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';
import { login, newCustomer } from './pipeline-support';

const PLAN = {
  name: 'Text Rule Nidhi',
  minInstalment: 2000,
  step: 1000,
  instalments: 10,
  bonusPercent: 50,
  graceDays: 5,
  missedRule: 'SHRINK_BONUS',
  bonusCutPercent: 20,
  redeemWithinDays: 30,
  terms: 'Ten monthly instalments; half of one as a bonus; jewellery only, never cash.',
};
const UNSTORABLE = ['a\u0000b', '\u0000', 'x\uD800y', '\uDFFF'];

describe('the shared text rule on every path', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let customer: string;
  const { mutate } = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    customer = (await newCustomer(server, 'Textrule')).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const refused = (res: { status: number; body: unknown }, what: string) => {
    expect(res.status, what).toBe(400);
    expect(JSON.stringify(res.body), what).toContain('cannot be stored');
  };

  it('refuses a plan name or terms holding NUL or a lone surrogate on schemes.createPlan and updatePlan', async () => {
    const created = await mutate<{ id: number }>('schemes.createPlan', PLAN, admin);
    expect(created.status).toBe(200);
    const planId = created.body.result.data.id;
    for (const bad of UNSTORABLE) {
      refused(await mutate('schemes.createPlan', { ...PLAN, name: bad }, admin), `create ${bad}`);
      refused(
        await mutate('schemes.createPlan', { ...PLAN, terms: `${PLAN.terms}${bad}` }, admin),
        `create terms ${bad}`,
      );
      refused(
        await mutate('schemes.updatePlan', { planId, plan: { ...PLAN, name: bad } }, admin),
        `update ${bad}`,
      );
    }
  });

  it('refuses the same over REST: plans, sign-up, enrolment, reviews, old gold, policy pages', async () => {
    const bad = 'a\u0000b';
    refused(
      await http.post('/api/admin/schemes/plans', { ...PLAN, name: bad }, { token: admin }),
      'POST plan',
    );
    const signup = await http.post('/auth/signup', {
      firstName: `Nul${bad}`,
      lastName: 'Char',
      email: `nul.${Date.now()}@example.com`,
      password: 'Nulls@123',
    });
    refused(signup, 'signup');
    const enrol = await http.post(
      '/api/schemes/enrolments',
      { planId: 1, instalment: 2000, name: `Asha${bad}` },
      { token: customer },
    );
    refused(enrol, 'enrol');
    const review = await http.post(
      '/api/reviews/create',
      { productId: 'whatever', review: `Lovely${bad} ring` },
      { token: customer },
    );
    refused(review, 'review');
    const exchange = await http.post(
      '/api/exchange/requests',
      { contactName: `Ravi${bad}`, phone: '9876543210', pin: '560001', items: [] },
      { token: customer },
    );
    refused(exchange, 'exchange');
    const page = await http.put(
      '/api/admin/pages/shipping',
      { title: 'Shipping', body: `Ships in 2 days${bad}` },
      { token: admin },
    );
    refused(page, 'page');
  });

  it('names the field in front of the message', async () => {
    const res = await mutate<unknown>('schemes.createPlan', { ...PLAN, name: 'a\u0000b' }, admin);
    expect(JSON.stringify(res.body)).toContain(`name: ${UNSTORABLE_TEXT_MESSAGE}`);
  });
});
