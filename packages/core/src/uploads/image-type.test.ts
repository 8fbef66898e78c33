import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );
const text = (s: string) => new TextEncoder().encode(s);

describe('detectImageType', () => {
  it('recognises each accepted kind by its first bytes', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(detectImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(detectImageType(bytes('GIF87a', 1))).toBe('gif');
    expect(detectImageType(bytes('GIF89a', 1))).toBe('gif');
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(
      detectImageType(
        text(
          '\uFEFF<?xml version="1.0"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>',
        ),
      ),
    ).toBe('svg');
  });

  it('refuses other files whatever their name or declared type', () => {
    expect(detectImageType(text('hello'))).toBeNull();
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(detectImageType(bytes(0x89, 'PN'))).toBeNull();
    expect(detectImageType(text('<html><svg></svg></html>'))).toBeNull();
    expect(detectImageType(new Uint8Array(0))).toBeNull();
  });

  it('recognises an SVG after any prolog, and only when <svg> is its first element', () => {
    const prolog =
      '\uFEFF <?xml version="1.0"?><?xml-stylesheet href="#s"?>\n<!-- a > b -->' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd" [ <!ATTLIST svg x CDATA "a>b"> ]>\n';
    expect(detectImageType(text(`${prolog}<svg xmlns="http://www.w3.org/2000/svg"/>`))).toBe('svg');
    expect(detectImageType(text('<svg\n  viewBox="0 0 1 1"></svg>'))).toBe('svg');
    expect(detectImageType(text(`${prolog}<html><svg/></html>`))).toBeNull();
    expect(detectImageType(text('<svgx></svgx>'))).toBeNull();
    expect(detectImageType(text(`<!-- never closed ${'<!-- '.repeat(100_000)}<svg/>`))).toBeNull();
  });
});
