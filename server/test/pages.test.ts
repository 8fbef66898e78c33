import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { AdminPagesView, PageView, ShopInfoView } from '@kanak/shared';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

describe('policy pages', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let customer: string;
  let admin: string;
  const { query, mutate } = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer({
      RETURN_WINDOW_DAYS: '30',
      BUYBACK_PERCENT: '90',
      GRIEVANCE_OFFICER_NAME: 'Anita Rao',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@example.in',
      SOCIAL_INSTAGRAM_URL: 'https://instagram.com/kanak',
      SOCIAL_FACEBOOK_URL: '',
    });
    http = httpClient(server.baseUrl);
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
  });
  afterAll(() => server.close());

  it('serves every page to visitors with the configured figures filled in', async () => {
    for (const slug of ['shipping-returns', 'privacy', 'terms', 'about', 'contact']) {
      const page = await http.get<PageView>(`/api/pages/${slug}`);
      expect(page.status, slug).toBe(200);
      expect(page.body.slug).toBe(slug);
      expect(page.body.body).not.toContain('{{');
    }
    const shipping = await http.get<PageView>('/api/pages/shipping-returns');
    expect(shipping.body.title).toBe('Shipping & Returns');
    expect(shipping.body.body).toContain('within 30 days of delivery');
    expect(shipping.body.body).toContain('at 90% of the metal value');
    const privacy = await http.get<PageView>('/api/pages/privacy');
    expect(privacy.body.body).toContain('Digital Personal Data Protection Act, 2023');
    expect(privacy.body.body).toContain('Anita Rao');
    expect(privacy.body.body).toContain('grievance@example.in');
    const viaTrpc = await query<PageView>('pages.bySlug', { slug: 'privacy' });
    expect(viaTrpc.body.result.data).toEqual(privacy.body);
  });

  it('answers 404 to an unknown page and 400 to a malformed one', async () => {
    const unknown = await http.get<{ message: string }>('/api/pages/returns-policy');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Page not found');
    expect((await http.get(`/api/pages/${'x'.repeat(200)}`)).status).toBe(400);
  });

  it('names the shop details and only the social links configured', async () => {
    const info = await http.get<ShopInfoView>('/api/shop-info');
    expect(info.status).toBe(200);
    expect(info.body.social).toEqual([{ name: 'Instagram', url: 'https://instagram.com/kanak' }]);
    expect(info.body.facts).toMatchObject({ returnWindowDays: 30, buybackPercent: 90 });
  });

  it('lets only the admin read the stored texts and edit a page', async () => {
    expect((await http.get('/api/admin/pages')).status).toBe(401);
    expect((await http.get('/api/admin/pages', { token: customer })).status).toBe(403);
    const list = await http.get<AdminPagesView>('/api/admin/pages', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.pages.map((p) => p.slug)).toEqual([
      'shipping-returns',
      'privacy',
      'terms',
      'about',
      'contact',
    ]);
    // The admin edits the text with its placeholders, not the filled-in copy.
    expect(list.body.pages[0]!.body).toContain('{{returnWindowDays}}');

    const edit = {
      title: 'About Kanak',
      body: '## Since 1962\nReturns within {{returnWindowDays}} days.',
    };
    expect((await http.put('/api/admin/pages/about', edit)).status).toBe(401);
    expect((await http.put('/api/admin/pages/about', edit, { token: customer })).status).toBe(403);
    expect((await mutate('pages.update', { slug: 'about', page: edit }, customer)).status).toBe(
      403,
    );
    expect((await http.get<PageView>('/api/pages/about')).body.title).toBe('About Us');

    const saved = await http.put<PageView>('/api/admin/pages/about', edit, { token: admin });
    expect(saved.status).toBe(200);
    expect(saved.body.title).toBe('About Kanak');
    // The cached public answer is dropped by the edit.
    const read = await http.get<PageView>('/api/pages/about');
    expect(read.body).toMatchObject({
      title: 'About Kanak',
      body: '## Since 1962\nReturns within 30 days.',
    });
  });

  it('refuses bad edits with 4xx and clear messages', async () => {
    const put = (slug: string, body: unknown) =>
      http.put<{ message: string }>(`/api/admin/pages/${slug}`, body, { token: admin });
    const long = await put('terms', { title: 'Terms', body: 'x'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Page text must be at most 20000 characters');
    const empty = await put('terms', { title: 'Terms', body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Page text is required');
    expect((await put('terms', { title: 'x'.repeat(121), body: 'ok' })).status).toBe(400);
    expect((await put('terms', { body: 'ok' })).status).toBe(400);
    expect((await put('no-such-page', { title: 'T', body: 'ok' })).status).toBe(404);
    expect((await http.get<PageView>('/api/pages/terms')).body.title).toBe('Terms of Use');
  });
});
