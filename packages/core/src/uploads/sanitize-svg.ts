import { badRequest } from '../common';
import {
  loadSvgDom,
  type RemovedItem,
  type SvgWindow,
  type XmlDocument,
  type XmlElement,
  type XmlNode,
} from './svg-dom';
import { svgMarkupSize } from './svg-markup-size';

const SVG_NS = 'http://www.w3.org/2000/svg';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Elements that run code or embed another document: never allowed, and named when refused. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'handler',
  'listener',
]);

export const SVG_NOT_ALLOWED = 'This SVG contains scripts or links that are not allowed';
export const SVG_NOT_UTF8 = 'The SVG is not UTF-8 text';
export const SVG_HAS_ENTITIES =
  'SVGs that declare entities (<!ENTITY …>) are not accepted: export the drawing again without a DTD';
export const SVG_NOT_SVG_ROOT =
  'The file is not an SVG drawing: its root must be <svg xmlns="http://www.w3.org/2000/svg">';
export const SVG_EMPTY = 'The SVG draws nothing: it has no shapes, text or images';
/** Far beyond any drawing program's export, and parsed in well under a second. */
export const SVG_MAX_DEPTH = 256;
export const SVG_MAX_ELEMENTS = 50_000;
export const SVG_TOO_COMPLEX = `The SVG is too complex to be checked: at most ${SVG_MAX_ELEMENTS.toLocaleString('en')} elements nested at most ${SVG_MAX_DEPTH} deep`;

const PURIFY_CONFIG = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // DOMPurify drops <use> because it can load another file; the href hook below lets through only
  // same-document references, which icons use to reuse a shape or gradient.
  ADD_TAGS: ['use'],
  FORBID_TAGS: [...ACTIVE_ELEMENTS],
  RETURN_DOM: true,
};

const compact = (value: string) => value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();

/** href/xlink:href may only point inside the file, or embed a raster image as data. */
const isLocalReference = (value: string) =>
  /^#/.test(compact(value)) ||
  /^data:image\/(?:png|jpe?g|gif|webp)(?:;[a-z0-9=.+-]+)*;base64,[a-z0-9+/=]*$/.test(
    compact(value),
  );

/**
 * CSS (a <style> element, a style attribute, a presentation attribute such as fill) may use url()
 * only for a same-document #fragment. Comments are removed first; escapes are refused because
 * `\75 rl(` is url( to a browser.
 */
function isSafeCss(css: string): boolean {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').toLowerCase();
  if (/\\|@import|expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/.test(text))
    return false;
  for (const match of text.matchAll(/url\s*\(\s*(['"]?)\s*([^'")\s]*)/g)) {
    if (!match[2]?.startsWith('#')) return false;
  }
  return !/\b(?:image-set|image|src)\s*\(\s*['"]/.test(text);
}

/** Attribute values that name a scheme able to run or load something. */
const hasScriptScheme = (value: string) => /(?:java|vb)script:|data:/.test(compact(value));

const short = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * What the sanitizer removed that could have run code or loaded something. A file containing any
 * of it is refused rather than stored cleaned: the admin learns that the file is unsafe instead of
 * finding a silently different picture in the shop. Inert extras the sanitizer also drops (editor
 * metadata such as inkscape:* and sodipodi:*, comments, animation elements) do not refuse the
 * file: exports from drawing programs stay uploadable, and are stored without them.
 */
function activeRemovals(removed: RemovedItem[], walkRoot: XmlNode): string[] {
  const found: string[] = [];
  for (const item of removed) {
    if ('element' in item) {
      // The walk root (the <body> DOMPurify puts the drawing in) is listed but never removed.
      if (item.element === walkRoot || item.element.nodeType !== 1) continue;
      const el = item.element as XmlElement;
      if (ACTIVE_ELEMENTS.has(el.localName.toLowerCase()) || el.namespaceURI === HTML_NS)
        found.push(`<${el.prefix ? `${el.prefix}:` : ''}${el.localName}>`);
    } else if (item.attribute) {
      const { name, value, localName, namespaceURI } = item.attribute;
      // Namespace declarations and editor attributes (inkscape:*, sodipodi:*) are inert metadata.
      if (namespaceURI !== null && namespaceURI !== XLINK_NS) continue;
      const local = localName.toLowerCase();
      if (local.startsWith('on') || ['href', 'src', 'attributename'].includes(local))
        found.push(name);
      else if (/^[a-z][a-z0-9+.-]*:/.test(compact(value)) || hasScriptScheme(value))
        found.push(`${name}="${short(value)}"`);
    }
  }
  return found;
}

function depthExceeds(root: XmlElement, limit: number): boolean {
  const stack: [XmlElement, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [el, depth] = stack.pop()!;
    if (depth > limit) return true;
    for (const child of Array.from(el.children)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Replaces CDATA sections by the text they hold: the sanitizer would drop them, and CSS lives in them. */
function cdataToText(doc: XmlDocument) {
  const walker = doc.createTreeWalker(doc, 0x8 /* NodeFilter.SHOW_CDATA_SECTION */);
  const sections: XmlNode[] = [];
  while (walker.nextNode()) sections.push(walker.currentNode);
  for (const section of sections)
    section.parentNode?.replaceChild(doc.createTextNode(section.nodeValue ?? ''), section);
}

/** A cross-check on the stored result, independent of the sanitizer's own bookkeeping. */
function isInert(root: XmlElement): boolean {
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    const local = el.localName.toLowerCase();
    if (local === 'script' || local === 'foreignobject' || el.namespaceURI !== SVG_NS) return false;
    for (const attr of Array.from(el.attributes)) {
      if (
        attr.localName.toLowerCase().startsWith('on') ||
        /(?:java|vb)script:/.test(compact(attr.value))
      )
        return false;
    }
  }
  return true;
}

function parseSvg(window: SvgWindow, text: string): XmlDocument {
  return new window.DOMParser().parseFromString(text, 'image/svg+xml');
}

/**
 * Checks an uploaded SVG with DOMPurify on a server DOM and answers the file to store: the
 * sanitized drawing, re-serialized as XML. Refuses (400) a file that is not UTF-8, declares
 * entities, is not well-formed, has no <svg> root, draws nothing, or held scripts, event handlers
 * or references to other files. The whole file is parsed; UPLOAD_MAX_BYTES bounds its size.
 */
export async function sanitizeSvg(bytes: Uint8Array): Promise<Uint8Array> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(SVG_NOT_UTF8);
  }
  // Entities are never needed by a drawing and are how "billion laughs" files blow up parsers.
  if (/<!ENTITY/i.test(text)) throw badRequest(SVG_HAS_ENTITIES);
  const size = svgMarkupSize(text);
  if (size.depth > SVG_MAX_DEPTH || size.elements > SVG_MAX_ELEMENTS)
    throw badRequest(SVG_TOO_COMPLEX);

  const { window, createPurifier } = await loadSvgDom();
  const doc = parseSvg(window, text);
  const root = doc.documentElement;
  if (root?.localName === 'parsererror')
    throw badRequest(`The SVG is not well-formed XML (${short(root.textContent?.trim() ?? '')})`);
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg')
    throw badRequest(SVG_NOT_SVG_ROOT);
  // The scan above is the guard; this one keeps the recursive import and serializer safe even so.
  if (depthExceeds(root, SVG_MAX_DEPTH)) throw badRequest(SVG_TOO_COMPLEX);
  cdataToText(doc);

  const purifier = createPurifier();
  const blocked: string[] = [];
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && !isSafeCss(node.textContent ?? '')) {
      blocked.push('<style> with url() or @import');
      node.parentNode?.removeChild(node);
    }
  });
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName;
    const value = data.attrValue;
    const isHref = name === 'href' || name.endsWith(':href');
    if (isHref ? !isLocalReference(value) : !isSafeCss(value) || hasScriptScheme(value)) {
      blocked.push(`${name}="${short(value)}"`);
      data.keepAttr = false;
    }
  });
  const body = purifier.sanitize(root, PURIFY_CONFIG);
  const found = [...new Set([...blocked, ...activeRemovals(purifier.removed, body)])];
  if (found.length > 0) {
    // A bare attribute name is left out when the hook already named it with its value.
    const named = found.filter((item) => !found.some((other) => other.startsWith(`${item}="`)));
    throw badRequest(`${SVG_NOT_ALLOWED} (${named.slice(0, 3).join(', ')})`);
  }

  const svg = body.firstElementChild;
  if (!svg || svg.namespaceURI !== SVG_NS || svg.localName !== 'svg')
    throw badRequest(SVG_NOT_SVG_ROOT);
  const xml = `<?xml version="1.0"?>\n${new window.XMLSerializer().serializeToString(svg)}`;

  // What is stored must parse back to the same kind of file, and nothing executable may remain.
  const stored = parseSvg(window, xml).documentElement;
  if (stored?.namespaceURI !== SVG_NS || stored.localName !== 'svg')
    throw badRequest(SVG_NOT_SVG_ROOT);
  if (!isInert(stored)) throw badRequest(SVG_NOT_ALLOWED);
  if (stored.children.length === 0) throw badRequest(SVG_EMPTY);
  return new TextEncoder().encode(xml);
}
