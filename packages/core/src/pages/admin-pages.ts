import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { PAGE_SLUGS, type AdminPageView, type PageUpdateBody } from '@kanak/shared';
import { notFound } from '../common';

const toView = (row: { slug: string; title: string; body: string; updated_at: Date }) => ({
  slug: row.slug,
  title: row.title,
  body: row.body,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** GET /api/admin/pages: every page as stored (placeholders as written), in footer order. */
export async function listPagesForAdmin(db: Kysely<Database>): Promise<AdminPageView[]> {
  const rows = await db
    .selectFrom('policy_pages')
    .select(['slug', 'title', 'body', 'updated_at'])
    .execute();
  const order = (slug: string) => {
    const at = (PAGE_SLUGS as readonly string[]).indexOf(slug);
    return at < 0 ? PAGE_SLUGS.length : at;
  };
  return rows.sort((a, b) => order(a.slug) - order(b.slug)).map(toView);
}

/** PUT /api/admin/pages/{slug}: replaces a page's title and text; an unknown slug is a 404. */
export async function updatePage(
  db: Kysely<Database>,
  slug: string,
  page: PageUpdateBody,
): Promise<AdminPageView> {
  const row = await db
    .updateTable('policy_pages')
    .set({ title: page.title, body: page.body, updated_at: new Date() })
    .where('slug', '=', slug)
    .returning(['slug', 'title', 'body', 'updated_at'])
    .executeTakeFirst();
  if (!row) throw notFound('Page');
  return toView(row);
}
