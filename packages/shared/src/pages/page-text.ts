import type { ShopFacts } from './views';

/** One block of a policy page, rendered as an element of its own (never as raw HTML). */
export type PageBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

/**
 * Markdown-lite: a line starting "## " is a heading, consecutive "- " lines a list, other lines
 * up to a blank line one paragraph. Anything else (HTML included) stays plain text.
 */
export function pageBlocks(text: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list.length) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (line.startsWith('#')) {
      flush();
      const heading = line.replace(/^#+\s*/, '');
      if (heading) blocks.push({ kind: 'heading', text: heading });
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      list.push(line.replace(/^[-*]\s+/, ''));
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

export const PLACEHOLDERS = [
  'returnWindowDays',
  'exchangePercent',
  'buybackPercent',
  'supportEmail',
  'supportPhone',
  'shopAddress',
  'grievanceOfficerName',
  'grievanceOfficerEmail',
  'grievanceOfficerPhone',
] as const satisfies readonly (keyof ShopFacts)[];

/** `{{returnWindowDays}}` → the configured value; an unknown name stays as written. */
export function fillPlaceholders(text: string, facts: ShopFacts): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name)
      ? String(facts[name as keyof ShopFacts])
      : whole,
  );
}
