import { describe, expect, it } from 'vitest';
import { splitTemplate } from './ssr';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Kanak Jewellers | Shop</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const page = {
  kind: 'page' as const,
  status: 200 as const,
  html: '<main>Ring ₹27,000</main>',
  state: '{"queries":[]}',
  head: '<link rel="canonical" href="https://kanak.shop/product/1" />',
  title: 'Ring | Kanak Jewellers',
  passes: 1,
};

describe('the page template cut for streaming', () => {
  const template = splitTemplate(TEMPLATE)!;

  it('sends the head at once without the title, which comes with the page', () => {
    expect(template.head).toContain('<meta charset="UTF-8" />');
    expect(template.head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-b.css">',
    );
    expect(template.head).not.toContain('<title>');
    expect(template.head).not.toContain('</head>');
  });

  it('ends with the page: title and own head in <head>, markup, then the state', () => {
    const html = template.head + template.rest(page);
    const headEnd = html.indexOf('</head>');
    expect(html.indexOf('<title>Ring | Kanak Jewellers</title>')).toBeLessThan(headEnd);
    expect(html.indexOf('rel="canonical"')).toBeLessThan(headEnd);
    expect(html).toContain(
      '<div id="root"><main>Ring ₹27,000</main></div><script type="application/json" id="kanak-state">{"queries":[]}</script>',
    );
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('ends without a page as the plain shell: its own title and an empty root', () => {
    const html = template.head + template.rest(null);
    expect(html).toContain('<title>Kanak Jewellers | Shop</title></head>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('kanak-state');
    // The plain page, only its title moved to the end of the head.
    expect(html.replace(/\s+/g, '')).toBe(
      TEMPLATE.replace('<title>Kanak Jewellers | Shop</title>', '')
        .replace('</head>', '<title>Kanak Jewellers | Shop</title></head>')
        .replace(/\s+/g, ''),
    );
  });

  it('is not made from a template it cannot cut', () => {
    expect(splitTemplate('<!doctype html><title>Kanak</title>')).toBeNull();
  });
});
