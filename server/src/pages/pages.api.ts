import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';
import { shopFacts, shopInfo } from './shop-facts';

/**
 * A page's answer is cached like a catalogue read under a tag of its own (no product has such an
 * id), so an edit drops just that page on every server.
 */
const pageTag = (slug: string) => `page:${slug}`;

export const pagesApi = {
  bySlug: query('public', {
    input: shared.pageRefInput,
    output: shared.pageView,
    summary:
      'A policy page (shipping & returns, privacy, terms, about, contact) as shoppers read it',
    run: ({ services }, input) => core.getPage(services.db, input.slug, shopFacts(services.config)),
    cache: { tags: (input) => [pageTag(input.slug)] },
    rest: [{ method: 'GET', path: '/api/pages/:slug' }],
  }),
  shopInfo: query('public', {
    input: noInput,
    output: shared.shopInfoView,
    summary: "The shop's contact details, policy figures and social links (unset links absent)",
    run: ({ services }) => shopInfo(services.config),
    rest: [{ method: 'GET', path: '/api/shop-info' }],
  }),
  adminList: query('admin', {
    input: noInput,
    output: shared.adminPagesView,
    summary: 'Every policy page as stored, with the values its placeholders stand for',
    run: async ({ services }) => ({
      pages: await core.listPagesForAdmin(services.db),
      facts: shopFacts(services.config),
    }),
    rest: [{ method: 'GET', path: '/api/admin/pages' }],
  }),
  update: mutation('admin', {
    input: shared.pageUpdateInput,
    output: shared.adminPageView,
    summary: "Replaces a policy page's title and text",
    run: ({ services }, input) => core.updatePage(services.db, input.slug, input.page),
    changes: (input) => core.productsChanged([pageTag(input.slug)]),
    rest: [
      {
        method: 'PUT',
        path: '/api/admin/pages/:slug',
        request: shared.pageUpdateBody,
        input: ({ params, body }) => ({ slug: params.slug, page: body }),
      },
    ],
  }),
};
