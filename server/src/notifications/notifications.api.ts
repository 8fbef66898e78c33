import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import * as z from 'zod/mini';
import { query } from '../api/declare-use-case';

export const notificationsApi = {
  adminList: query('admin', {
    input: z.optional(shared.adminMessagesInput),
    output: shared.adminMessagesView,
    summary:
      'Mails by status (sent, failed, pending incl. queued and in flight, unknown) and the newest, one page, filtered by status',
    run: ({ services }, input) => core.listAdminMessages(services.db, input ?? {}),
    rest: [{ method: 'GET', path: '/api/admin/messages' }],
  }),
};
