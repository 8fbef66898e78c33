import { describe, expect, it } from 'vitest';
import { canonicalPath, pageKind, pageUrl } from './page-key';

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

describe('the one spelling of a product or listing path', () => {
  const id = 'cf8cda5f-449c-5ee0-9ae7-d96bea98c890';
  it('spells a product id as PostgreSQL stores it, whatever case, %-escapes or hyphens', () => {
    for (const spelling of [
      `/product/${id.toUpperCase()}`,
      `/PRODUCT/${id}`,
      `/product/%63f8cda5f-449c-5ee0-9ae7-d96bea98c890`,
      `/product/${id.replaceAll('-', '')}`,
      `/product/{${id}}`,
      `/product/${id}/`,
      `/product/${[...id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
    ])
      expect(canonicalPath(spelling), spelling).toBe(`/product/${id}`);
    expect(canonicalPath(`/product/${id}`)).toBe(`/product/${id}`);
  });
  it('lower-cases and decodes a listing path; leaves other paths and broken escapes alone', () => {
    expect(canonicalPath('/All-Jewellery/Category/RING')).toBe('/all-jewellery/category/ring');
    expect(canonicalPath('/all-jewellery/category/%72ing')).toBe('/all-jewellery/category/ring');
    expect(canonicalPath('/all-jewellery/category/ring')).toBe('/all-jewellery/category/ring');
    expect(canonicalPath('/pages/About')).toBe('/pages/About');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/product/%E0%A4')).toBe('/product/%E0%A4');
  });
  it('is its own fixed point: a redirect never loops', () => {
    for (const path of ['/a b/%C3%A9/x%2Fy', '/product/ÉTÉ', '/A/B/C/'])
      expect(canonicalPath(canonicalPath(path))).toBe(canonicalPath(path));
  });
});

describe("which pages are variants, and which use only the shop's own words", () => {
  it('home, product and menu listing pages are not variants', () => {
    expect(pageKind('/')).toEqual({ variant: false, known: true });
    expect(pageKind('/all-jewellery/category/ring')).toEqual({ variant: false, known: true });
  });
  it('known colours, occasions, metals and sorts are known; anything else is not', () => {
    expect(pageKind('/all-jewellery/category/ring?color=rose,white&sort=low_to_high')).toEqual({
      variant: true,
      known: true,
    });
    expect(pageKind('/gold/rings/ring?occasion=bridal&page=2&type=gold').known).toBe(true);
    expect(pageKind('/all-jewellery/category/ring?color=Gold').known).toBe(false);
    expect(pageKind('/all-jewellery/category/ring?price=1,5000').known).toBe(false);
    expect(pageKind('/search?q=ring')).toEqual({ variant: true, known: false });
    expect(pageKind('/women/jewellery/gold_rings')).toEqual({ variant: true, known: false });
  });
});
