import * as z from 'zod/mini';

/** A policy page as shoppers read it: placeholders filled in. */
export const pageView = z.object({
  slug: z.string(),
  title: z.string(),
  /** Markdown-lite: "## " headings, "- " list items, blank lines between paragraphs. */
  body: z.string(),
  updatedAt: z.string(),
});
export type PageView = z.infer<typeof pageView>;

/** A page as the admin edits it: the stored text, placeholders as written. */
export const adminPageView = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type AdminPageView = z.infer<typeof adminPageView>;

/** The values `{{name}}` placeholders stand for, from the server's configuration. */
export const shopFacts = z.object({
  returnWindowDays: z.number(),
  exchangePercent: z.number(),
  buybackPercent: z.number(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  shopAddress: z.string(),
  grievanceOfficerName: z.string(),
  grievanceOfficerEmail: z.string(),
  grievanceOfficerPhone: z.string(),
});
export type ShopFacts = z.infer<typeof shopFacts>;

/** Public shop details the footer and the pages show; a social link absent is hidden. */
export const shopInfoView = z.object({
  facts: shopFacts,
  social: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type ShopInfoView = z.infer<typeof shopInfoView>;

export const adminPagesView = z.object({ pages: z.array(adminPageView), facts: shopFacts });
export type AdminPagesView = z.infer<typeof adminPagesView>;
