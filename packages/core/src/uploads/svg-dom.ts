/**
 * The server DOM (jsdom) and sanitizer (DOMPurify) behind sanitizeSvg, and the few DOM members it
 * uses. They are described here rather than taken from jsdom's types: those add the DOM library's
 * globals (a stricter fetch and Blob among them) to every package that imports @kanak/core.
 */
export interface XmlAttr {
  name: string;
  localName: string;
  namespaceURI: string | null;
  value: string;
}
export interface XmlNode {
  nodeType: number;
  nodeValue: string | null;
  textContent: string | null;
  parentNode: XmlNode | null;
  removeChild(child: XmlNode): unknown;
  replaceChild(node: XmlNode, child: XmlNode): unknown;
}
export interface XmlElement extends XmlNode {
  localName: string;
  prefix: string | null;
  namespaceURI: string | null;
  attributes: ArrayLike<XmlAttr>;
  children: ArrayLike<XmlElement>;
  firstElementChild: XmlElement | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
export interface XmlDocument extends XmlNode {
  documentElement: XmlElement | null;
  createTextNode(text: string): XmlNode;
  createTreeWalker(
    root: XmlNode,
    whatToShow: number,
  ): { currentNode: XmlNode; nextNode(): unknown };
}
export interface SvgWindow {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
  XMLSerializer: new () => { serializeToString(node: XmlElement): string };
}

export type RemovedItem = { element: XmlNode } | { attribute: XmlAttr | null; from: XmlNode };
export interface Purifier {
  removed: RemovedItem[];
  addHook(
    hook: 'uponSanitizeElement',
    run: (node: XmlNode, data: { tagName: string }) => void,
  ): void;
  addHook(
    hook: 'uponSanitizeAttribute',
    run: (
      node: XmlElement,
      data: { attrName: string; attrValue: string; keepAttr: boolean },
    ) => void,
  ): void;
  /** With RETURN_DOM: the <body> the sanitized node was put in. */
  sanitize(node: XmlElement, config: Record<string, unknown>): XmlElement;
}

export interface SvgDom {
  window: SvgWindow;
  /** A fresh DOMPurify bound to the window, so hooks added for one file never see another. */
  createPurifier(): Purifier;
}

// Not literals, so TypeScript does not load these modules' types (see above).
const JSDOM_MODULE: string = 'jsdom';
const DOMPURIFY_MODULE: string = 'dompurify';

let loading: Promise<SvgDom> | null = null;

/**
 * jsdom takes a noticeable time to load: it is loaded on the first SVG upload only, so importing
 * @kanak/core (in the worker, in every test) stays fast. The window is reused: sanitizing is
 * synchronous, so two uploads never use it at the same time.
 */
export function loadSvgDom(): Promise<SvgDom> {
  loading ??= Promise.all([import(JSDOM_MODULE), import(DOMPURIFY_MODULE)]).then(
    ([jsdom, dompurify]) => {
      const { JSDOM } = jsdom as { JSDOM: new (html: string) => { window: SvgWindow } };
      const createDOMPurify = (dompurify as { default: (window: SvgWindow) => Purifier }).default;
      const { window } = new JSDOM('');
      return { window, createPurifier: () => createDOMPurify(window) };
    },
    (error: unknown) => {
      // A failed load is retried by the next upload rather than remembered.
      loading = null;
      throw error;
    },
  );
  return loading;
}
