// "the shopper is never misled": the home offers' "From ₹" figures come from the very
// listing each offer opens; /search pages through every match with the listing's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_OFFERS,
  offerFilter,
  type OfferPrices,
  type ProductPage,
  type SearchPage,
} from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

describe('home offers and the search results page', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  /** GET /api/products for an offer's listing, cheapest first. */
  async function offerListing(offer: (typeof HOME_OFFERS)[number], page = 1) {
    const f = offerFilter(offer);
    const query = new URLSearchParams({
      category: f.category,
      type: f.types.join(','),
      occasion: f.occasions.join(','),
      minDiscount: String(f.minDiscount),
      maxDiscount: String(f.maxDiscount),
      sort: 'low_to_high',
      pageNumber: String(page),
      pageSize: '100',
    });
    return (await http.get<ProductPage>(`/api/products?${query}`)).body;
  }

  it("gives each offer's From ₹ as its listing's cheapest piece, every piece there at the offer", async () => {
    const res = await http.get<OfferPrices>('/api/products/offers');
    expect(res.status).toBe(200);
    expect(res.body.map((o) => o.id)).toEqual(HOME_OFFERS.map((o) => o.id));
    for (const offer of HOME_OFFERS) {
      const figure = res.body.find((o) => o.id === offer.id)!;
      const listing = await offerListing(offer);
      expect(listing.totalElements, offer.id).toBeGreaterThan(0);
      expect(figure.count, offer.id).toBe(listing.totalElements);
      expect(figure.fromPrice, offer.id).toBe(listing.content[0]!.discountedPrice);
      expect(figure.percent).toBe(offer.percent);
      for (const piece of listing.content)
        expect(piece.discountPercent, `${offer.id} ${piece.title}`).toBeGreaterThanOrEqual(
          offer.percent,
        );
    }
  });

  it('follows a price change: the cached figure is dropped with the catalogue', async () => {
    const offer = HOME_OFFERS.find((o) => o.id === 'featured-bangles')!;
    const before = (await http.get<OfferPrices>('/api/products/offers')).body;
    const cheapest = (await offerListing(offer)).content[0]!;
    const admin = (
      await http.post<{ jwt: string }>('/auth/login', {
        email: 'admin@kanak.shop',
        password: 'Admin@123',
      })
    ).body.jwt;
    const removed = await http.call('DELETE', `/api/admin/products/${cheapest._id}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    const after = (await http.get<OfferPrices>('/api/products/offers')).body;
    const was = before.find((o) => o.id === offer.id)!;
    const now = after.find((o) => o.id === offer.id)!;
    expect(now.count).toBe(was.count - 1);
    expect(now.fromPrice).toBe((await offerListing(offer)).content[0]!.discountedPrice);
  });

  it('answers a listing with its own price span, whatever its price filter', async () => {
    const all = await http.get<ProductPage>('/api/products?category=ring&pageSize=100');
    const prices = all.body.content.map((p) => p.discountedPrice);
    expect(all.body.priceRange).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    const narrowed = await http.get<ProductPage>(
      '/api/products?category=ring&minPrice=5000&maxPrice=9000',
    );
    expect(narrowed.body.priceRange).toEqual(all.body.priceRange);
    const none = await http.get<ProductPage>('/api/products?category=ring&color=nosuchcolour');
    expect(none.body.priceRange).toBeNull();
  });

  it('pages through every match of a search, sorted and filtered like a listing', async () => {
    const first = await http.get<SearchPage>('/api/products/search/page?q=ring&pageSize=12');
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBeGreaterThan(20);
    expect(first.body.content).toHaveLength(12);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalElements / 12));
    const seen = new Set<string>();
    for (let page = 1; page <= first.body.totalPages; page++) {
      const res = await http.get<SearchPage>(
        `/api/products/search/page?q=ring&pageSize=12&pageNumber=${page}`,
      );
      for (const p of res.body.content) seen.add(p._id);
    }
    expect(seen.size).toBe(first.body.totalElements);

    const cheap = await http.get<SearchPage>(
      '/api/products/search/page?q=ring&sort=low_to_high&type=gold&pageSize=50',
    );
    const prices = cheap.body.content.map((p) => p.discountedPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheap.body.content.every((p) => p.type === 'gold')).toBe(true);
    expect(cheap.body.totalElements).toBeLessThan(first.body.totalElements);
    expect(cheap.body.priceRange?.min).toBe(prices[0]);
  });

  it('finds misspelt words, and a search with no match offers searches that do find something', async () => {
    const typo = await http.get<SearchPage>('/api/products/search/page?q=braclet');
    expect(typo.body.totalElements).toBeGreaterThan(0);
    // Pearls are set in rings only: no piece is both.
    const none = await http.get<SearchPage>('/api/products/search/page?q=pearl%20bangle');
    expect(none.status).toBe(200);
    expect(none.body.totalElements).toBe(0);
    expect(none.body.content).toEqual([]);
    expect(none.body.alternatives.length).toBeGreaterThan(0);
    expect(none.body.alternatives.length).toBeLessThanOrEqual(3);
    for (const alt of none.body.alternatives) {
      const res = await http.get<SearchPage>(
        `/api/products/search/page?q=${encodeURIComponent(alt)}`,
      );
      expect(res.body.totalElements, alt).toBeGreaterThan(0);
    }
  });

  it('offers nothing for text with no near catalogue word', async () => {
    const res = await http.get<SearchPage>('/api/products/search/page?q=qqxzzv');
    expect(res.body).toMatchObject({ totalElements: 0, content: [], alternatives: [] });
  });

  it('refuses a search page without text with a 400', async () => {
    const res = await http.get<{ message: string }>('/api/products/search/page');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/q is required/);
  });
});
