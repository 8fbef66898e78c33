import { describe, expect, it } from 'vitest';
import { createPageAdmission } from './page-admission';

describe('page cache admission', () => {
  it('keeps home, product and content pages at their first render', () => {
    const admission = createPageAdmission();
    for (const url of ['/', '/product/cf8cda5f-449c-5ee0-9ae7-d96bea98c890', '/pages/about-us'])
      expect(admission.admit(`http://shop${url}`, url)).toEqual({ keep: true, variant: false });
  });

  it('keeps a listing or a filtered page only when it is asked for again', () => {
    const admission = createPageAdmission();
    const listing = '/women/jewellery/gold_rings';
    const filtered = '/women/jewellery/gold_rings?color=Gold';
    const keep = (key: string, url: string) => admission.admit(key, url).keep;
    expect(keep(`http://shop${listing}`, listing)).toBe(false);
    expect(keep(`http://shop${filtered}`, filtered)).toBe(false);
    expect(keep(`http://shop${listing}`, listing)).toBe(true);
    expect(admission.admit(`http://shop${filtered}`, filtered)).toEqual({
      keep: true,
      variant: true,
    });
    // Another origin is another page.
    expect(keep(`http://other${filtered}`, filtered)).toBe(false);
  });

  it("keeps a filter of the shop's own words at once, among variants", () => {
    const admission = createPageAdmission();
    const url = '/all-jewellery/category/ring?color=yellow&sort=high_to_low';
    expect(admission.admit(`http://shop${url}`, url)).toEqual({ keep: true, variant: true });
  });

  it('forgets a variant asked once, past its window or its count', () => {
    const admission = createPageAdmission({ remember: 2 });
    const urls = ['/a/b/c?price=1,2', '/a/b/c?price=1,3', '/a/b/c?price=1,4'];
    for (const url of urls) expect(admission.admit(url, url).keep).toBe(false);
    // The first was pushed out by the later ones: asked again, it is a first time again.
    expect(admission.admit(urls[0]!, urls[0]!).keep).toBe(false);
  });
});
