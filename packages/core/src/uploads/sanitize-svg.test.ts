import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../common';
import {
  sanitizeSvg,
  SVG_EMPTY,
  SVG_HAS_ENTITIES,
  SVG_MAX_DEPTH,
  SVG_MAX_ELEMENTS,
  SVG_NOT_ALLOWED,
  SVG_NOT_SVG_ROOT,
  SVG_NOT_UTF8,
  SVG_TOO_COMPLEX,
} from './sanitize-svg';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const encode = (text: string) => new TextEncoder().encode(text);
const { window } = new JSDOM('');

type Outcome = { stored: string; refused?: undefined } | { refused: string; stored?: undefined };

async function sanitize(input: string | Uint8Array): Promise<Outcome> {
  try {
    const out = await sanitizeSvg(typeof input === 'string' ? encode(input) : input);
    return { stored: new TextDecoder().decode(out) };
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('BAD_REQUEST');
    return { refused: (error as DomainError).message };
  }
}

const parse = (xml: string) => new window.DOMParser().parseFromString(xml, 'image/svg+xml');
const elementsOf = (doc: Document) => [
  doc.documentElement,
  ...Array.from(doc.documentElement.getElementsByTagName('*')),
];
const compact = (value: string) => value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();

/** Parses a stored file and asserts nothing in it can run code or load another file. */
function expectInert(xml: string, label: string) {
  const doc = parse(xml);
  expect(doc.documentElement.localName, label).toBe('svg');
  expect(doc.documentElement.namespaceURI, label).toBe('http://www.w3.org/2000/svg');
  for (const el of elementsOf(doc)) {
    expect(el.localName.toLowerCase(), label).not.toMatch(/^(script|foreignobject|iframe)$/);
    expect(el.namespaceURI, label).toBe('http://www.w3.org/2000/svg');
    for (const attr of Array.from(el.attributes)) {
      expect(attr.localName.toLowerCase(), label).not.toMatch(/^on/);
      // Attribute values are read from the DOM: entities and character references are decoded.
      expect(compact(attr.value), label).not.toMatch(/javascript:|vbscript:|@import/);
      if (attr.localName === 'href') expect(compact(attr.value), label).toMatch(/^#|^data:image\//);
      for (const url of compact(attr.value).matchAll(/url\(['"]?([^'")]*)/g))
        expect(url[1], label).toMatch(/^#/);
    }
  }
  expect(compact(doc.documentElement.textContent ?? ''), label).not.toMatch(/javascript:/);
  for (const style of Array.from(doc.getElementsByTagName('style')))
    expect(compact(style.textContent ?? ''), label).not.toMatch(/@import|url\((?!['"]?#)/);
}

const MALICIOUS: [label: string, svg: string][] = [
  ['script', `<svg ${NS}><circle r="1"/><script>alert(1)</script></svg>`],
  [
    'namespaced script',
    `<svg ${NS}><circle r="1"/><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>`,
  ],
  [
    'script in the XHTML namespace',
    `<svg ${NS}><circle r="1"/><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`,
  ],
  ['onload on the root', `<svg ${NS} onload="alert(1)"><circle r="1"/></svg>`],
  ['onclick on a shape', `<svg ${NS}><circle r="1" onclick="alert(1)"/></svg>`],
  ['ONLOAD in capitals', `<svg ${NS}><circle r="1" ONLOAD="alert(1)"/></svg>`],
  [
    'decimal entity in href',
    `<svg ${NS}><a href="&#106;avascript:alert(1)"><circle r="1"/></a></svg>`,
  ],
  [
    'hex entities and a tab in href',
    `<svg ${NS}><a href="&#x6A;ava&#x09;script&#x3A;alert(1)"><circle r="1"/></a></svg>`,
  ],
  [
    'leading spaces and mixed case',
    `<svg ${NS}><a href="  JaVaScRiPt:alert(1)"><circle r="1"/></a></svg>`,
  ],
  [
    'xlink:href to javascript:',
    `<svg ${NS} ${XLINK}><a xlink:href="javascript:alert(1)"><circle r="1"/></a></svg>`,
  ],
  [
    'xlink under another prefix',
    `<svg ${NS} xmlns:x="http://www.w3.org/1999/xlink"><a x:href="javascript:alert(1)"><circle r="1"/></a></svg>`,
  ],
  [
    'foreignObject with HTML',
    `<svg ${NS}><circle r="1"/><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject></svg>`,
  ],
  [
    'use of another file',
    `<svg ${NS}><use href="https://evil.example/x.svg#a"/><circle r="1"/></svg>`,
  ],
  [
    'use of another file through xlink',
    `<svg ${NS} ${XLINK}><use xlink:href="//evil.example/x.svg#a"/><circle r="1"/></svg>`,
  ],
  [
    'use of a data: SVG',
    `<svg ${NS}><use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#a"/><circle r="1"/></svg>`,
  ],
  ['image from the web', `<svg ${NS}><image href="https://evil.example/track.png"/></svg>`],
  [
    '@import in <style>',
    `<svg ${NS}><style>@import url(https://evil.example/x.css);</style><circle r="1"/></svg>`,
  ],
  [
    'url() to another file in <style>',
    `<svg ${NS}><style>circle { fill: url("https://evil.example/p.svg#g") }</style><circle r="1"/></svg>`,
  ],
  [
    'CSS escape hiding url(',
    `<svg ${NS}><style>circle { fill: \\75 rl(https://evil.example/p.svg#g) }</style><circle r="1"/></svg>`,
  ],
  [
    'url() to another file in a style attribute',
    `<svg ${NS}><circle r="1" style="fill:url(https://evil.example/p.svg#g)"/></svg>`,
  ],
  [
    'url() to another file in a presentation attribute',
    `<svg ${NS}><circle r="1" filter="url(https://evil.example/f.svg#f)"/></svg>`,
  ],
  [
    'script after 1.5 MiB of padding',
    `<svg ${NS}><circle r="1"/><!--${'x'.repeat(1.5 * 1024 * 1024)}--><script>alert(1)</script></svg>`,
  ],
  [
    'handler after 1.5 MiB of padding',
    `<svg ${NS}><desc>${'y'.repeat(1.5 * 1024 * 1024)}</desc><circle r="1" onmouseover="alert(1)"/></svg>`,
  ],
  [
    'billion laughs',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]><svg ${NS}><text>&i;</text></svg>`,
  ],
  [
    'entity that spells javascript:',
    `<!DOCTYPE svg [<!ENTITY js "javascript:alert(1)">]><svg ${NS}><a href="&js;"><circle r="1"/></a></svg>`,
  ],
  ['undeclared entity', `<svg ${NS}><a href="&js;"><circle r="1"/></a></svg>`],
  [
    'animate href to javascript:',
    `<svg ${NS}><a><animate attributeName="href" to="javascript:alert(1)"/><circle r="1"/></a></svg>`,
  ],
  [
    'set xlink:href to javascript:',
    `<svg ${NS} ${XLINK}><a><set attributeName="xlink:href" to="javascript:alert(1)"/><circle r="1"/></a></svg>`,
  ],
  [
    'animate values smuggling javascript:',
    `<svg ${NS}><a><animate attributeName="href" values="#a;javascript:alert(1)"/><circle r="1"/></a></svg>`,
  ],
  ['CDATA script', `<svg ${NS}><circle r="1"/><script><![CDATA[alert(1)]]></script></svg>`],
  [
    'CDATA markup inside text',
    `<svg ${NS}><text><![CDATA[</text><script>alert(1)</script><text>]]></text></svg>`,
  ],
  [
    'CDATA in <style> hiding @import',
    `<svg ${NS}><style><![CDATA[@import "https://evil.example/x.css";]]></style><circle r="1"/></svg>`,
  ],
  [
    'comment closing early',
    `<svg ${NS}><circle r="1"/><!-- --><script>alert(1)</script><!-- --></svg>`,
  ],
  [
    'processing instruction with markup',
    `<svg ${NS}><circle r="1"/><?x <script>alert(1)</script>?></svg>`,
  ],
  ['iframe', `<svg ${NS}><circle r="1"/><iframe src="javascript:alert(1)"/></svg>`],
  [
    'a link out of the shop',
    `<svg ${NS}><a href="https://evil.example/"><circle r="1"/></a></svg>`,
  ],
];

describe('sanitizeSvg: malicious files', () => {
  it.each(MALICIOUS)('%s is refused or stored with nothing executable', async (label, svg) => {
    const outcome = await sanitize(svg);
    if (outcome.stored !== undefined) expectInert(outcome.stored, label);
    else expect(outcome.refused.length, label).toBeGreaterThan(0);
  });

  it('refuses files that held scripts, handlers or links, naming what was found', async () => {
    const refusals: [string, string][] = [
      [`<svg ${NS}><circle r="1"/><script>alert(1)</script></svg>`, '<script>'],
      [
        `<svg ${NS}><circle r="1"/><s:script xmlns:s="http://www.w3.org/2000/svg">x</s:script></svg>`,
        '<s:script>',
      ],
      [`<svg ${NS} onload="alert(1)"><circle r="1"/></svg>`, 'onload'],
      [`<svg ${NS}><a href="&#106;avascript:alert(1)"><circle r="1"/></a></svg>`, 'href'],
      [`<svg ${NS}><use href="https://evil.example/x.svg#a"/><circle r="1"/></svg>`, 'href'],
      [
        `<svg ${NS}><style>@import url(https://evil.example/x.css);</style><circle r="1"/></svg>`,
        '<style>',
      ],
      [`<svg ${NS}><circle r="1"/><foreignObject><p/></foreignObject></svg>`, '<foreignObject>'],
      [
        `<svg ${NS}><circle r="1"/><!--${'x'.repeat(1.5 * 1024 * 1024)}--><script>alert(1)</script></svg>`,
        '<script>',
      ],
    ];
    for (const [svg, named] of refusals) {
      const outcome = await sanitize(svg);
      expect(outcome.refused, svg.slice(0, 80)).toContain(SVG_NOT_ALLOWED);
      expect(outcome.refused, svg.slice(0, 80)).toContain(named);
    }
  });

  it('refuses entity declarations before parsing, so billion laughs cannot blow up', async () => {
    const laughs = MALICIOUS.find(([label]) => label === 'billion laughs')![1];
    expect(await sanitize(laughs)).toEqual({ refused: SVG_HAS_ENTITIES });
  });
});

describe('sanitizeSvg: files that are not a drawing', () => {
  it('refuses them with a message saying why', async () => {
    expect((await sanitize(`<svg ${NS}><circle r="1"></svg>`)).refused).toMatch(
      /^The SVG is not well-formed XML/,
    );
    expect((await sanitize(`<svg ${NS}><text>&nbsp;</text></svg>`)).refused).toMatch(
      /^The SVG is not well-formed XML/,
    );
    expect(await sanitize('<svg viewBox="0 0 1 1"><circle r="1"/></svg>')).toEqual({
      refused: SVG_NOT_SVG_ROOT,
    });
    expect(await sanitize('<html><body><svg/></body></html>')).toEqual({
      refused: SVG_NOT_SVG_ROOT,
    });
    expect(await sanitize(`<svg ${NS} viewBox="0 0 1 1"></svg>`)).toEqual({ refused: SVG_EMPTY });
    expect(
      await sanitize(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e])),
    ).toEqual({ refused: SVG_NOT_UTF8 });
  });

  it('refuses files too deep or too large to parse quickly, counting what quotes hide', async () => {
    const nested = (depth: number, open = '<g>') =>
      `<svg ${NS}>${open.repeat(depth)}<circle r="1"/>${'</g>'.repeat(depth)}</svg>`;
    expect((await sanitize(nested(SVG_MAX_DEPTH - 2))).stored).toBeDefined();
    expect(await sanitize(nested(SVG_MAX_DEPTH))).toEqual({ refused: SVG_TOO_COMPLEX });
    expect(await sanitize(nested(100_000))).toEqual({ refused: SVG_TOO_COMPLEX });
    expect(await sanitize(nested(SVG_MAX_DEPTH, '<g class="/>">'))).toEqual({
      refused: SVG_TOO_COMPLEX,
    });
    expect(await sanitize(`<svg ${NS}>${'<g/>'.repeat(SVG_MAX_ELEMENTS)}</svg>`)).toEqual({
      refused: SVG_TOO_COMPLEX,
    });
  });
});

const ICON = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- Ring icon, drawn for the shop -->
<svg ${NS} ${XLINK} viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="t">
  <title id="t">Gold ring with a diamond</title>
  <desc>A band and a stone</desc>
  <defs>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="#f7d774"/>
      <stop offset="1" stop-color="#b8860b" stop-opacity="0.9"/>
    </linearGradient>
    <radialGradient id="shine" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff"/>
      <stop offset="1" stop-color="#9cf"/>
    </radialGradient>
    <clipPath id="clip"><rect x="0" y="0" width="64" height="64" rx="8"/></clipPath>
    <filter id="soft"><feGaussianBlur stdDeviation="0.5"/></filter>
    <path id="facet" d="M32 4 L40 14 L32 24 L24 14 Z"/>
  </defs>
  <style>.band { stroke: url(#gold); stroke-width: 6px } .stone { fill: url('#shine') }</style>
  <g clip-path="url(#clip)" transform="translate(0 2)">
    <circle class="band" cx="32" cy="40" r="18" fill="none"/>
    <use href="#facet" class="stone" filter="url(#soft)"/>
    <use xlink:href="#facet" x="1" y="1" opacity="0.3"/>
    <image x="0" y="0" width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>
    <text x="32" y="62" font-family="Georgia" font-size="6" text-anchor="middle">22K &amp; VS1</text>
  </g>
</svg>`;

describe('sanitizeSvg: benign drawings', () => {
  it('keeps every element and the attributes a browser needs to draw a jewellery icon', async () => {
    const outcome = await sanitize(ICON);
    expect(outcome.refused).toBeUndefined();
    const stored = outcome.stored!;
    expect(stored.startsWith('<?xml version="1.0"?>\n<svg')).toBe(true);
    expect(stored).not.toContain('DOCTYPE');
    expectInert(stored, 'icon');
    const before = parse(ICON);
    const after = parse(stored);
    expect(elementsOf(after).map((el) => el.localName)).toEqual(
      elementsOf(before).map((el) => el.localName),
    );
    const root = after.documentElement;
    expect(root.getAttribute('viewBox')).toBe('0 0 64 64');
    expect(after.getElementsByTagName('linearGradient')[0]?.getAttribute('gradientUnits')).toBe(
      'objectBoundingBox',
    );
    expect(after.getElementsByTagName('feGaussianBlur')[0]?.getAttribute('stdDeviation')).toBe(
      '0.5',
    );
    const uses = Array.from(after.getElementsByTagName('use'));
    expect(uses[0]?.getAttribute('href')).toBe('#facet');
    expect(uses[1]?.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe('#facet');
    expect(after.getElementsByTagName('title')[0]?.textContent).toBe('Gold ring with a diamond');
    expect(after.getElementsByTagName('style')[0]?.textContent).toContain('url(#gold)');
    expect(after.getElementsByTagName('g')[0]?.getAttribute('clip-path')).toBe('url(#clip)');
    expect(after.getElementsByTagName('text')[0]?.textContent).toBe('22K & VS1');
    expect(after.getElementsByTagName('image')[0]?.getAttribute('href')).toMatch(
      /^data:image\/png;base64,/,
    );
  });

  it('stores a plain drawing unchanged', async () => {
    const svg = `<?xml version="1.0"?>\n<svg ${NS} viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>`;
    expect(await sanitize(svg)).toEqual({ stored: svg });
  });

  it('keeps CSS written in CDATA and drops drawing-program metadata without refusing', async () => {
    const inkscape = `<svg ${NS} xmlns:svg="http://www.w3.org/2000/svg"
      xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
      xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
      xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
      viewBox="0 0 10 10" inkscape:version="1.3" sodipodi:docname="ring.svg" xml:space="preserve">
      <sodipodi:namedview id="view" pagecolor="#ffffff" inkscape:zoom="1"/>
      <metadata><rdf:RDF><rdf:Description about="ring"/></rdf:RDF></metadata>
      <style type="text/css"><![CDATA[ .st0 > path { fill: #c9a227 } ]]></style>
      <g inkscape:label="Layer 1" inkscape:groupmode="layer" data-name="Layer 1" class="st0">
        <path d="M1 1 H9 V9 Z"/>
      </g>
    </svg>`;
    const outcome = await sanitize(inkscape);
    expect(outcome.refused).toBeUndefined();
    expectInert(outcome.stored!, 'inkscape');
    expect(outcome.stored).not.toMatch(/inkscape|sodipodi|rdf:/);
    const after = parse(outcome.stored!);
    expect(after.getElementsByTagName('style')[0]?.textContent).toContain(
      '.st0 > path { fill: #c9a227 }',
    );
    expect(after.getElementsByTagName('path')[0]?.getAttribute('d')).toBe('M1 1 H9 V9 Z');
    expect(after.getElementsByTagName('g')[0]?.getAttribute('class')).toBe('st0');
  });
});
