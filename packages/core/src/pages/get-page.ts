import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { fillPlaceholders, type PageView, type ShopFacts } from '@kanak/shared';
import { notFound } from '../common';

/** GET /api/pages/{slug}: a policy page with the configured values filled in. */
export async function getPage(
  db: Kysely<Database>,
  slug: string,
  facts: ShopFacts,
): Promise<PageView> {
  const page = await db
    .selectFrom('policy_pages')
    .select(['slug', 'title', 'body', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!page) throw notFound('Page');
  return {
    slug: page.slug,
    title: fillPlaceholders(page.title, facts),
    body: fillPlaceholders(page.body, facts),
    updatedAt: new Date(page.updated_at).toISOString(),
  };
}
