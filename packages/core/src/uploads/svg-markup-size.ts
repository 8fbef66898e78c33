/**
 * How deep and how many elements an XML text holds, found by one linear scan before any parsing:
 * the server DOM takes time quadratic in nesting depth and about 15 µs an element, so a few MB of
 * `<g>` could hold the event loop for minutes. Comments, CDATA sections, processing instructions
 * and declarations are skipped; quoted attribute values may hold `>` and `/>`.
 */
export function svgMarkupSize(text: string): { depth: number; elements: number } {
  let depth = 0;
  let maxDepth = 0;
  let elements = 0;
  let i = text.indexOf('<');
  const skipPast = (from: number, close: string) => {
    const at = text.indexOf(close, from);
    return at < 0 ? text.length : at + close.length;
  };
  while (i >= 0 && i < text.length) {
    if (text.startsWith('<!--', i)) i = skipPast(i + 4, '-->');
    else if (text.startsWith('<![CDATA[', i)) i = skipPast(i + 9, ']]>');
    else if (text.startsWith('<?', i)) i = skipPast(i + 2, '?>');
    else if (text.startsWith('<!', i)) i = skipPast(i + 2, '>');
    else if (text[i + 1] === '/') {
      depth -= 1;
      i = skipPast(i + 2, '>');
    } else {
      let quote = '';
      let j = i + 1;
      for (; j < text.length; j += 1) {
        const c = text[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      elements += 1;
      if (text[j - 1] !== '/') {
        depth += 1;
        maxDepth = Math.max(maxDepth, depth);
      }
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
  return { depth: maxDepth, elements };
}
