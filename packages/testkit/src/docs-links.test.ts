import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs are read by people new to the project, who give up on the first link that leads
// nowhere: every relative link and anchor must resolve, and every doc must be reachable from
// the README.
const ROOT = path.resolve(import.meta.dirname, '../../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks, where headings are headings. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside code blocks and inline code, where links are links. */
function prose(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutFences(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = slugOf(match[1]!);
    const n = seen.get(slug) ?? 0;
    anchors.add(n ? `${slug}-${n}` : slug);
    seen.set(slug, n + 1);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const links: Link[] = [];
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
    links.push({ from: file, target });
  }
  return links;
}

/** Where a link leads, or why it leads nowhere. */
function follow(link: Link): { file: string } | { broken: string } {
  const [pathPart, anchor] = link.target.split('#') as [string, string | undefined];
  const file = pathPart ? path.resolve(path.dirname(link.from), pathPart) : link.from;
  const where = `${path.relative(ROOT, link.from)} → ${link.target}`;
  if (!existsSync(file)) return { broken: `${where}: no such file` };
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
    return { broken: `${where}: no such heading` };
  return { file };
}

const docs = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'CONTRIBUTING.md'),
  ...markdownFiles(path.join(ROOT, 'docs')),
];

describe('the docs', () => {
  it('link to files and headings that exist', () => {
    const links = docs.flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(50);
    const broken = links.flatMap((link) => {
      const to = follow(link);
      return 'broken' in to ? [to.broken] : [];
    });
    expect(broken).toEqual([]);
  });

  it('are each reachable from the README', () => {
    const reached = new Set<string>();
    const queue = [path.join(ROOT, 'README.md')];
    while (queue.length) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const link of relativeLinks(file)) {
        const to = follow(link);
        if ('file' in to && to.file.endsWith('.md')) queue.push(to.file);
      }
    }
    expect(docs.filter((doc) => !reached.has(doc)).map((doc) => path.relative(ROOT, doc))).toEqual(
      [],
    );
  });

  it('keep the README short and their prose lines readable', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const long = docs.flatMap((doc) =>
      prose(readFileSync(doc, 'utf8'))
        .split('\n')
        .filter((line) => line.length > 200 && !line.trimStart().startsWith('|'))
        .map((line) => `${path.relative(ROOT, doc)}: ${line.slice(0, 60)}…`),
    );
    expect(long).toEqual([]);
  });

  it('find a broken link and a missing heading', () => {
    const from = path.join(ROOT, 'README.md');
    expect(follow({ from, target: 'docs/no-such-doc.md' })).toHaveProperty('broken');
    expect(follow({ from, target: 'docs/architecture.md#no-such-heading' })).toHaveProperty(
      'broken',
    );
    expect(follow({ from, target: 'docs/architecture.md#layering' })).toHaveProperty('file');
    expect(slugOf("The owner's books: `GSTR-1`")).toBe('the-owners-books-gstr-1');
  });
});
