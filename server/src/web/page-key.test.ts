import { describe, expect, it } from 'vitest';
import { pageUrl } from './page-key';

describe('the URL a page is rendered and cached under', () => {
  it('drops query parameters the route does not read', () => {
    expect(pageUrl('/?z=123')).toBe('/');
    expect(pageUrl('/?utm_source=mail&fbclid=x')).toBe('/');
    expect(pageUrl('/product/cf8cda5f-449c-5ee0-9ae7-d96bea98c890?z=1')).toBe(
      '/product/cf8cda5f-449c-5ee0-9ae7-d96bea98c890',
    );
    expect(pageUrl('/pages/about-us?ref=footer')).toBe('/pages/about-us');
  });

  it("keeps a listing's and the search's own parameters, sorted, without empty ones", () => {
    expect(pageUrl('/women/jewellery/gold_rings?z=9&page=2&color=Gold&type=')).toBe(
      '/women/jewellery/gold_rings?color=Gold&page=2',
    );
    expect(pageUrl('/women/jewellery/gold_rings?page=2&color=Gold')).toBe(
      pageUrl('/women/jewellery/gold_rings?color=Gold&page=2'),
    );
    expect(pageUrl('/search?q=ring&x=1&sort=price_low')).toBe('/search?q=ring&sort=price_low');
  });
});
