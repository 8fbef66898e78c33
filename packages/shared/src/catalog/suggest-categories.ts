import { menuEntries } from './menu';

/** Menu entries whose words start with the typed text ("ear" → Earring, Earrings · Stud…). */
export function suggestCategories(q: string, limit = 5): { label: string; path: string }[] {
  const typed = q.toLowerCase().trim().replace(/\s+/g, ' ');
  if (!typed) return [];
  const seen = new Set<string>();
  const found: { label: string; path: string }[] = [];
  for (const item of menuEntries()) {
    const words = item.name.toLowerCase();
    const matches = words.startsWith(typed) || words.split(' ').some((w) => w.startsWith(typed));
    if (!matches || seen.has(item.id)) continue;
    seen.add(item.id);
    found.push({ label: item.name, path: item.path });
    if (found.length === limit) return found;
  }
  return found;
}
