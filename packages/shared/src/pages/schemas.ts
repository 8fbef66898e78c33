import * as z from 'zod/mini';
import { textField } from '../validation/db-values';

/** The shop's policy pages, one route each (/pages/{slug}). */
export const PAGE_SLUGS = ['shipping-returns', 'privacy', 'terms', 'about', 'contact'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const PAGE_TITLE_MAX_LENGTH = 120;
export const PAGE_BODY_MAX_LENGTH = 20_000;

/** Letters, digits and dashes: a well-formed slug that names no page is a 404, not a 400. */
const slug = textField('slug is required').check(
  z.maxLength(64, 'Page is not valid'),
  z.regex(/^[a-z0-9-]+$/i, 'Page is not valid'),
);

export const pageRefInput = z.object({ slug });

export const pageUpdateBody = z.object({
  title: textField('Title is required').check(
    z.trim(),
    z.minLength(1, 'Title is required'),
    z.maxLength(PAGE_TITLE_MAX_LENGTH, `Title must be at most ${PAGE_TITLE_MAX_LENGTH} characters`),
  ),
  body: textField('Page text is required').check(
    z.trim(),
    z.minLength(1, 'Page text is required'),
    z.maxLength(
      PAGE_BODY_MAX_LENGTH,
      `Page text must be at most ${PAGE_BODY_MAX_LENGTH} characters`,
    ),
  ),
});
export type PageUpdateBody = z.infer<typeof pageUpdateBody>;

export const pageUpdateInput = z.object({ slug, page: pageUpdateBody });
export type PageUpdateInput = z.infer<typeof pageUpdateInput>;
